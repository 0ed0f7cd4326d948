import { describe, expect, it } from 'vitest';
import { isListFile } from './files';

describe('isListFile', () => {
  it.each([
    ['asins.txt', 'text/plain', true],
    ['ASINS.TXT', 'text/plain;charset=utf-8', true],
    ['list.txt', '', true],
    ['notes', 'text/plain', true],
    ['list.csv', 'text/csv', false],
    ['photo.png', 'image/png', false],
    ['list.pdf', 'application/pdf', false],
    ['fake.txt', 'application/octet-stream', false],
    ['noext', '', false],
  ])('a text list: isListFile(%j, %j) = %s', (name, type, ok) => {
    expect(isListFile({ name, type })).toBe(ok);
  });

  it.each([
    ['stores.csv', 'text/csv', true],
    ['stores.txt', 'text/plain', true],
    ['stores.csv', 'application/vnd.ms-excel', true],
    ['stores.xls', 'application/vnd.ms-excel', false],
    ['stores.csv', '', true],
    ['stores.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', false],
    ['fake.csv', 'application/octet-stream', false],
  ])('a table of lines: isListFile(%j, %j, [txt, csv]) = %s', (name, type, ok) => {
    expect(isListFile({ name, type }, ['txt', 'csv'])).toBe(ok);
  });
});

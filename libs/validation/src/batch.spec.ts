import { BATCH_MAX_STORES, batchScanRequest, fieldErrors, storeLines } from './index.js';

const messages = (value: unknown) => {
  const { error } = batchScanRequest.safeParse(value);
  return error ? fieldErrors(error).map((e) => [e.field, e.msg]) : [];
};
const store = (seller: string, host = 'www.amazon.ca') => `https://${host}/s?me=${seller}`;
const valid = {
  searchType: 'standard',
  market: 'CA',
  fileName: 'Rakipler',
  storeUrls: [store('A2DP2EEPU3VU45'), store('A1B2C3D4E5F6G7')],
};

describe('batchScanRequest (many stores at once)', () => {
  it('accepts 1 to 50 store links of the chosen market', () => {
    expect(messages(valid)).toEqual([]);
    expect(messages({ ...valid, storeUrls: Array(BATCH_MAX_STORES).fill(valid.storeUrls[0]) })).toEqual([]);
  });

  it('names every bad line by its number (from 1), with the reason of a single scan’s link', () => {
    expect(
      messages({
        ...valid,
        storeUrls: [valid.storeUrls[0], store('A2DP2EEPU3VU45', 'www.amazon.co.uk'), 'amazon', ''],
      }),
    ).toEqual([
      ['storeUrls.2', 'storeUrlWrongMarket'],
      ['storeUrls.3', 'storeUrlNotAUrl'],
      ['storeUrls.4', 'required'],
    ]);
  });

  it('refuses more than 50 stores, none, and a functional batch', () => {
    expect(messages({ ...valid, storeUrls: Array(51).fill(valid.storeUrls[0]) })).toEqual([
      ['storeUrls', 'batchTooManyStores'],
    ]);
    expect(messages({ ...valid, storeUrls: [] })).toEqual([['storeUrls', 'required']]);
    expect(messages({ ...valid, searchType: 'functional' })).toEqual([['searchType', 'searchTypeInvalid']]);
  });
});

describe('storeLines (a pasted list or an uploaded .txt/.csv)', () => {
  it('takes one link a line, the first cell of a CSV row, and leaves blank lines out', () => {
    expect(
      storeLines(`${valid.storeUrls[0]}\r\n\n  ${valid.storeUrls[1]}  \n"${store('A3')}",note\n`),
    ).toEqual([valid.storeUrls[0], valid.storeUrls[1], store('A3')]);
  });
});

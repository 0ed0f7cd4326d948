// values.yaml is the chart's documentation: every setting outside the component entries has a comment
// (directly, or on a documented parent block); a component entry has a comment and uses only keys
// documented on componentDefaults (values.schema.json refuses any other).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as yaml from 'js-yaml';
import { check } from './harness.mjs';
import { chartDir, componentNames } from './helm.mjs';

function undocumentedKeys(text, componentEntries) {
  const lines = text.split('\n');
  const stack = []; // {indent, documented}
  const missing = [];
  let skipUnder = -1; // indent of a component entry or a list whose content its parent documents
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const indent = line.search(/\S/);
    if (skipUnder >= 0 && indent > skipUnder) continue;
    skipUnder = -1;
    const m = /^(\s*)([A-Za-z_][\w.-]*):(.*)$/.exec(line);
    if (!m) continue;
    while (stack.length && stack.at(-1).indent >= indent) stack.pop();
    let j = i - 1;
    while (j >= 0 && !lines[j].trim()) j -= 1;
    const commented = j >= 0 && lines[j].trim().startsWith('#') && lines[j].search(/\S/) === indent;
    const next = lines.slice(i + 1).find((l) => l.trim() && !l.trim().startsWith('#')) ?? '';
    const isParent = m[3].trim() === '' && next.search(/\S/) > indent && !next.trim().startsWith('-');
    const isList = m[3].trim() === '' && next.trim().startsWith('-');
    if (!isParent && !commented && !stack.some((s) => s.documented)) missing.push(`line ${i + 1}: ${m[2]}`);
    if (indent === 0 && componentEntries.includes(m[2])) {
      skipUnder = 0;
      continue;
    }
    if (isParent) stack.push({ indent, documented: commented && lines[j].includes('# --') });
    if (isList) skipUnder = indent;
  }
  return missing;
}

export function valuesAreDocumented() {
  const text = fs.readFileSync(path.join(chartDir, 'values.yaml'), 'utf8');
  const components = componentNames(yaml.load(text));
  check(
    'values.yaml: every setting is documented by a comment (component entries by componentDefaults)',
    () => {
      assert.deepEqual(undocumentedKeys(text, components), []);
    },
  );
}

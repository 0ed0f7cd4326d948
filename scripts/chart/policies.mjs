// The chart's policies, checked on every render. Each function states one rule of the cluster mode
// and checks it on the rendered manifests (`r.docs`) with the values that produced them (`r.values`).
import assert from 'node:assert/strict';
import { check } from './harness.mjs';
import { componentValues } from './helm.mjs';
import {
  byName,
  componentOf,
  containerPort,
  deploymentOf,
  hookOf,
  hookWeightOf,
  ofKind,
  plainEnvOf,
  podLabelsOf,
  podSpecOf,
  sameValue,
  secretRefsOf,
  selects,
} from './manifests.mjs';

/**
 * Who may reach each component and what it may reach besides DNS (the product's network policy):
 * only the gateway and web take traffic from the Ingress controller (the gateway also from web);
 * the gateway reaches Kafka and PostgreSQL (its rate-limit counters); services reach only PostgreSQL and Kafka, the scraper also the marketplaces, billing also iyzico
 * and the central bank, search the users' webhook URLs, and the services that send mail the mail server. The OTLP collector is added
 * for Node components when tracing is on; a render may allow more only where its values file says so.
 */
export const NETWORK_POLICY = {
  // The gateway's API port is public: Prometheus scrapes its own metrics port (HEALTH_PORT).
  gateway: { reachableFrom: ['ingress', 'web'], reaches: ['kafka', 'postgres'], metricsPort: 'metrics' },
  web: { reachableFrom: ['ingress'], reaches: ['gateway'] },
  auth: { reachableFrom: [], reaches: ['kafka', 'postgres', 'smtp'] },
  admin: { reachableFrom: [], reaches: ['kafka', 'postgres', 'smtp'] },
  billing: { reachableFrom: [], reaches: ['kafka', 'postgres', 'smtp', 'iyzico', 'centralBank'] },
  scraper: { reachableFrom: [], reaches: ['kafka', 'postgres', 'marketplaces'] },
  // The users' webhook URLs (issue 18): the public internet on 443.
  search: { reachableFrom: [], reaches: ['kafka', 'postgres', 'webhooks'] },
};

/** Secrets only one component may ever see. */
const PRIVATE_KEYS = {
  JWT_PRIVATE_KEY: 'auth',
  CARD_SEALING_PRIVATE_KEY: 'billing',
  AUTH_SEALING_PRIVATE_KEY: 'auth',
  BUS_IDENTITY_PRIVATE_KEY: 'gateway',
};

/**
 * The bus's keys each built-in component must get from its Secret (required: none is fetched over
 * the bus, and a process without its key stops at start).
 */
const REQUIRED_KEYS = {
  gateway: ['BUS_IDENTITY_PRIVATE_KEY', 'AUTH_SEALING_PUBLIC_KEY', 'CARD_SEALING_PUBLIC_KEY'],
  auth: ['BUS_IDENTITY_PUBLIC_KEY', 'AUTH_SEALING_PRIVATE_KEY'],
  admin: ['BUS_IDENTITY_PUBLIC_KEY'],
  billing: ['BUS_IDENTITY_PUBLIC_KEY', 'CARD_SEALING_PRIVATE_KEY'],
  scraper: ['BUS_IDENTITY_PUBLIC_KEY'],
  search: ['BUS_IDENTITY_PUBLIC_KEY'],
};

const REQUIRED_LABELS = [
  'app.kubernetes.io/name',
  'app.kubernetes.io/instance',
  'app.kubernetes.io/component',
  'app.kubernetes.io/version',
  'app.kubernetes.io/managed-by',
  'app.kubernetes.io/part-of',
  'helm.sh/chart',
];

export function documentsAreWellFormed(r) {
  check(`${r.name}: every document has apiVersion, kind, a DNS-1123 name and the standard labels`, () => {
    for (const d of r.docs) {
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
  check(`${r.name}: no two resources of a kind share a name`, () => {
    const seen = new Set();
    for (const d of r.docs) {
      const id = `${d.kind}/${d.metadata.name}`;
      assert.ok(!seen.has(id), `duplicate ${id}`);
      seen.add(id);
    }
  });
}

/** Pods (of Deployments and Jobs) run locked down. */
export function podsRunLockedDown(r) {
  const workloads = [...ofKind(r.docs, 'Deployment'), ...ofKind(r.docs, 'Job')];
  for (const w of workloads) {
    const spec = podSpecOf(w);
    const label = `${w.kind} ${w.metadata.name}`;
    check(`${label}: runs as non-root with seccomp RuntimeDefault and no API token`, () => {
      assert.equal(spec.securityContext?.runAsNonRoot, true, 'pod runAsNonRoot');
      assert.ok(spec.securityContext?.runAsUser > 0, 'pod runAsUser must be a non-zero uid');
      assert.equal(spec.securityContext?.seccompProfile?.type, 'RuntimeDefault', 'pod seccompProfile');
      assert.equal(spec.automountServiceAccountToken, false, 'automountServiceAccountToken');
    });
    for (const c of spec.containers) {
      check(
        `${label} container ${c.name}: no privilege escalation, read-only root, all capabilities dropped`,
        () => {
          const sc = c.securityContext ?? {};
          assert.equal(sc.allowPrivilegeEscalation, false, 'allowPrivilegeEscalation');
          assert.equal(sc.readOnlyRootFilesystem, true, 'readOnlyRootFilesystem');
          assert.notEqual(sc.privileged, true, 'privileged');
          assert.ok(sc.capabilities?.drop?.includes('ALL'), 'capabilities.drop ALL');
          assert.ok(!sc.capabilities?.add?.length, 'added capabilities');
          assert.equal(
            sc.seccompProfile?.type ?? spec.securityContext?.seccompProfile?.type,
            'RuntimeDefault',
          );
        },
      );
      check(
        `${label} container ${c.name}: /tmp is a writable emptyDir and every mount has its volume`,
        () => {
          const volumes = new Map((spec.volumes ?? []).map((v) => [v.name, v]));
          const tmp = (c.volumeMounts ?? []).find((m) => m.mountPath === '/tmp');
          assert.ok(tmp, 'no /tmp mount');
          assert.ok(volumes.get(tmp.name)?.emptyDir, '/tmp is not an emptyDir');
          for (const m of c.volumeMounts ?? [])
            assert.ok(volumes.has(m.name), `mount ${m.name} has no volume`);
        },
      );
      check(`${label} container ${c.name}: cpu and memory requests and limits`, () => {
        for (const kind of ['requests', 'limits'])
          for (const res of ['cpu', 'memory'])
            assert.ok(
              ![undefined, null, ''].includes(c.resources?.[kind]?.[res]),
              `resources.${kind}.${res}`,
            );
      });
      check(`${label} container ${c.name}: image has a tag or digest, never latest`, () => {
        assert.match(c.image, /^[a-z0-9][a-z0-9._/-]*(:\w[\w.-]{0,127})?(@sha256:[a-f0-9]{64})?$/, c.image);
        assert.match(c.image.split('/').at(-1), /[:@]/, `${c.image} has neither tag nor digest`);
        assert.doesNotMatch(c.image, /:latest$/);
      });
    }
  }
}

/** Deployments: probes on the http port, replicas left to an HPA, config rollouts, scrape annotations. */
export function deploymentsAreOperable(r) {
  const hpas = ofKind(r.docs, 'HorizontalPodAutoscaler');
  for (const d of ofKind(r.docs, 'Deployment')) {
    const spec = podSpecOf(d);
    const label = `Deployment ${d.metadata.name}`;
    check(`${label}: liveness /healthz, readiness /readyz (and startup /healthz) on its http port`, () => {
      for (const c of spec.containers) {
        assert.equal(c.livenessProbe?.httpGet?.path, '/healthz', `${c.name} livenessProbe`);
        assert.equal(c.readinessProbe?.httpGet?.path, '/readyz', `${c.name} readinessProbe`);
        if (c.startupProbe) assert.equal(c.startupProbe.httpGet?.path, '/healthz', `${c.name} startupProbe`);
        for (const p of [c.livenessProbe, c.readinessProbe, c.startupProbe].filter(Boolean))
          assert.ok(
            containerPort(c, p.httpGet.port),
            `${c.name}: probe port ${p.httpGet.port} is not declared`,
          );
      }
    });
    check(`${label}: selector matches its pod labels`, () => {
      assert.ok(selects(d.spec.selector.matchLabels, podLabelsOf(d)));
    });
    check(`${label}: replicas are left to an HPA exactly when one targets it`, () => {
      const hpa = hpas.find((h) => h.spec.scaleTargetRef.name === d.metadata.name);
      if (hpa) assert.equal(d.spec.replicas, undefined, 'replicas set although an HPA scales it');
      else assert.ok(Number.isInteger(d.spec.replicas), 'replicas missing without an HPA');
    });
    check(`${label}: pods roll when their configuration changes (checksum/config)`, () => {
      assert.match(d.spec.template.metadata.annotations?.['checksum/config'] ?? '', /^[a-f0-9]{64}$/);
    });
    check(`${label}: Prometheus annotations, when set, point at a container port`, () => {
      const a = d.spec.template.metadata.annotations ?? {};
      if (a['prometheus.io/scrape'] !== 'true') return;
      assert.ok(
        spec.containers.some((c) => containerPort(c, Number(a['prometheus.io/port']))),
        'prometheus.io/port',
      );
      assert.match(a['prometheus.io/path'] ?? '', /^\//);
    });
    check(`${label}: its ServiceAccount is rendered (or named as existing)`, () => {
      const sa = spec.serviceAccountName;
      assert.ok(sa, 'serviceAccountName');
      assert.ok(
        byName(r.docs, 'ServiceAccount', sa) || (r.externalServiceAccounts ?? []).includes(sa),
        `ServiceAccount ${sa}`,
      );
    });
  }
}

/** The process contract: Node components on Kafka with their port variables, web pointed at the gateway. */
export function processesGetTheirEnvironment(r) {
  const deployments = ofKind(r.docs, 'Deployment');
  const gwService = ofKind(r.docs, 'Service').find((s) => componentOf(s) === 'gateway');
  for (const d of deployments) {
    const name = componentOf(d);
    const c = podSpecOf(d).containers[0];
    const env = plainEnvOf(r.docs, d);
    if (name === 'web') {
      check(
        `web: proxies to the gateway Service (GATEWAY_UPSTREAM = <service>:<port>) and reads no secrets`,
        () => {
          assert.equal(env.GATEWAY_UPSTREAM, `${gwService.metadata.name}:${gwService.spec.ports[0].port}`);
          assert.equal(secretRefsOf(podSpecOf(d)).length, 0);
        },
      );
      continue;
    }
    check(
      `${name}: BUS=kafka, KAFKA_BROKERS from the kafka Secret, OTEL_SERVICE_NAME and OTEL_TRACES_EXPORTER set`,
      () => {
        assert.equal(env.BUS, 'kafka');
        const brokers = secretRefsOf(podSpecOf(d)).find((s) => s.name === 'KAFKA_BROKERS');
        assert.ok(brokers && !brokers.optional, 'KAFKA_BROKERS secret ref');
        assert.equal(env.OTEL_SERVICE_NAME, `shelfscan-${name}`);
        assert.equal(env.OTEL_TRACES_EXPORTER, r.values.otel.endpoint ? 'otlp' : 'none');
        if (r.values.otel.endpoint) assert.equal(env.OTEL_EXPORTER_OTLP_ENDPOINT, r.values.otel.endpoint);
      },
    );
    const portVar = name === 'gateway' ? 'PORT' : 'HEALTH_PORT';
    check(`${name}: ${portVar} equals its container port`, () => {
      assert.equal(env[portVar], String(c.ports[0].containerPort));
    });
  }
}

/** Secrets: a component reads its own Secret and the connection Secrets it uses, nothing else. */
export function secretsStayWithTheirComponent(r) {
  const secretName = (purpose, override) => override || `${r.fullname}-${purpose}`;
  for (const d of ofKind(r.docs, 'Deployment')) {
    const name = componentOf(d);
    const cv = componentValues(r.values, name);
    const refs = secretRefsOf(podSpecOf(d));
    check(`${name}: reads only its own Secret and the connection Secrets it uses`, () => {
      const allowed = new Set([secretName(name, cv.secretName)]);
      if (cv.bus) allowed.add(secretName('kafka', r.values.kafka.existingSecret));
      if (cv.bus && r.values.kafka.sasl.mechanism) allowed.add(r.values.kafka.sasl.existingSecret);
      if (cv.database.enabled) allowed.add(secretName('postgres', r.values.postgres.existingSecret));
      if (cv.mail && r.values.smtp.enabled) allowed.add(secretName('smtp', r.values.smtp.existingSecret));
      for (const s of refs) assert.ok(allowed.has(s.secret), `${s.name} comes from Secret ${s.secret}`);
    });
    check(
      `${name}: DATABASE_URL exactly when it owns tables, SMTP_URL exactly when it mails (smtp on)`,
      () => {
        assert.equal(
          refs.some((s) => s.name === 'DATABASE_URL'),
          Boolean(cv.database.enabled),
          'DATABASE_URL',
        );
        assert.equal(
          refs.some((s) => s.name === 'SMTP_URL'),
          Boolean(cv.mail && r.values.smtp.enabled),
          'SMTP_URL',
        );
      },
    );
    if (REQUIRED_KEYS[name])
      check(
        `${name}: gets the bus's keys it needs from its Secret (${REQUIRED_KEYS[name].join(', ')})`,
        () => {
          for (const key of REQUIRED_KEYS[name]) {
            const ref = refs.find((s) => s.name === key);
            assert.ok(ref && !ref.optional, `${key}: a required secret ref`);
          }
        },
      );
    check(`${name}: sees no other component's private key`, () => {
      for (const [key, owner] of Object.entries(PRIVATE_KEYS))
        if (owner !== name) assert.ok(!refs.some((s) => s.name === key), `${name} gets ${key}`);
    });
  }
}

/** Services, HPAs, PDBs and the Ingress point at what they should. */
export function trafficAndScalingAreWired(r) {
  const deployments = ofKind(r.docs, 'Deployment');
  const selected = (selector) => deployments.filter((d) => selects(selector, podLabelsOf(d)));
  for (const s of ofKind(r.docs, 'Service')) {
    check(`Service ${s.metadata.name}: selects exactly one Deployment and targets a container port`, () => {
      const t = selected(s.spec.selector);
      assert.equal(t.length, 1, `selects ${t.length} Deployments`);
      for (const p of s.spec.ports)
        assert.ok(
          podSpecOf(t[0]).containers.some((c) => containerPort(c, p.targetPort ?? p.port)),
          `targetPort ${p.targetPort}`,
        );
    });
  }
  for (const h of ofKind(r.docs, 'HorizontalPodAutoscaler')) {
    check(`HPA ${h.metadata.name}: targets a Deployment, min ≤ max ≤ topic partitions, with a metric`, () => {
      assert.ok(byName(r.docs, 'Deployment', h.spec.scaleTargetRef.name), 'target Deployment');
      assert.ok(h.spec.minReplicas >= 1 && h.spec.minReplicas <= h.spec.maxReplicas, 'min/max');
      // Replicas of a service share its topics' partitions: more consumers than partitions idle.
      assert.ok(
        h.spec.maxReplicas <= r.values.kafka.topics.partitions,
        `maxReplicas ${h.spec.maxReplicas} > partitions`,
      );
      assert.ok(h.spec.metrics?.length > 0, 'no metrics');
    });
  }
  for (const p of ofKind(r.docs, 'PodDisruptionBudget')) {
    check(`PDB ${p.metadata.name}: selects one Deployment and still lets a drain evict a pod`, () => {
      const t = selected(p.spec.selector.matchLabels);
      assert.equal(t.length, 1, 'selects one Deployment');
      assert.ok((p.spec.minAvailable === undefined) !== (p.spec.maxUnavailable === undefined), 'one budget');
      const hpa = ofKind(r.docs, 'HorizontalPodAutoscaler').find(
        (h) => h.spec.scaleTargetRef.name === t[0].metadata.name,
      );
      const minPods = hpa ? hpa.spec.minReplicas : t[0].spec.replicas;
      if (p.spec.minAvailable !== undefined && typeof p.spec.minAvailable === 'number')
        assert.ok(
          p.spec.minAvailable < minPods,
          `minAvailable ${p.spec.minAvailable} with ${minPods} pods blocks drains`,
        );
    });
  }
  for (const ing of ofKind(r.docs, 'Ingress')) {
    check(
      `Ingress ${ing.metadata.name}: every path goes to the web Service; every TLS host has a rule`,
      () => {
        for (const rule of ing.spec.rules) {
          for (const p of rule.http.paths) {
            const svc = byName(r.docs, 'Service', p.backend.service.name);
            assert.ok(svc && componentOf(svc) === 'web', `backend ${p.backend.service.name}`);
            assert.ok(
              svc.spec.ports.some((sp) => sp.name === p.backend.service.port.name),
              'backend port',
            );
          }
        }
        const hosts = new Set(ing.spec.rules.map((x) => x.host));
        for (const t of ing.spec.tls ?? []) for (const h of t.hosts) assert.ok(hosts.has(h), `TLS host ${h}`);
      },
    );
  }
}

/** NetworkPolicies: every component isolated, with exactly the traffic NETWORK_POLICY gives it. */
export function networkIsLockedDown(r, { extraEgress = {} } = {}) {
  const policies = ofKind(r.docs, 'NetworkPolicy');
  const np = r.values.networkPolicy;
  const ruleOf = (t) => (t.to?.length ? { to: t.to, ports: t.ports } : { ports: t.ports });
  const dnsRule = { to: np.dns.to, ports: np.dns.ports };
  /** The names an egress rule stands for (several named targets may share one shape). */
  const targetsOf = (rule) => {
    const names = [];
    if (sameValue(rule, dnsRule)) names.push('dns');
    for (const [n, t] of Object.entries(np.egress)) if (sameValue(rule, ruleOf(t))) names.push(n);
    const sel = rule.to?.length === 1 ? rule.to[0].podSelector?.matchLabels : undefined;
    if (sel?.['app.kubernetes.io/component']) names.push(sel['app.kubernetes.io/component']);
    return names;
  };
  for (const d of ofKind(r.docs, 'Deployment')) {
    const name = componentOf(d);
    const mine = policies.filter((p) => selects(p.spec.podSelector.matchLabels, podLabelsOf(d)));
    check(
      `${name}: exactly one NetworkPolicy selects its pods, denying by default in both directions`,
      () => {
        assert.equal(mine.length, 1, `${mine.length} NetworkPolicies select it`);
        assert.deepEqual([...mine[0].spec.policyTypes].sort(), ['Egress', 'Ingress']);
      },
    );
    if (mine.length !== 1) continue;
    const spec = mine[0].spec;
    const policy = NETWORK_POLICY[name];
    if (!policy) continue; // a component the product policy does not know (the "adding a service" render)
    check(`${name}: reachable only from ${policy.reachableFrom.join(' and ') || 'metrics scrapers'}`, () => {
      const sources = (spec.ingress ?? []).map((rule) => {
        if (sameValue(rule.from, np.ingressControllers)) return 'ingress';
        if (np.metricsScrapers?.length && sameValue(rule.from, np.metricsScrapers)) return 'metrics';
        return (
          rule.from?.[0]?.podSelector?.matchLabels?.['app.kubernetes.io/component'] ??
          JSON.stringify(rule.from)
        );
      });
      assert.deepEqual(sources.filter((s) => s !== 'metrics').sort(), [...policy.reachableFrom].sort());
      // Peers reach the http port; metrics scrapers the metrics port where the component has one.
      for (const [i, rule] of (spec.ingress ?? []).entries()) {
        const port = sources[i] === 'metrics' ? (policy.metricsPort ?? 'http') : 'http';
        assert.deepEqual(rule.ports, [{ port, protocol: 'TCP' }], `only its ${port} port`);
      }
    });
    const cv = componentValues(r.values, name);
    const expected = new Set(['dns', ...policy.reaches, ...(extraEgress[name] ?? [])]);
    if (!r.values.smtp.enabled) expected.delete('smtp');
    if (cv.bus && r.values.otel.endpoint) expected.add('otlp');
    check(`${name}: reaches only ${[...expected].join(', ')}`, () => {
      const rules = spec.egress ?? [];
      const extra = cv.extraEgress ?? [];
      for (const rule of rules) {
        if (extra.some((e) => sameValue(e, rule))) {
          assert.ok(expected.has('extraEgress'), `${name} has an extraEgress rule its policy does not allow`);
          continue;
        }
        const names = targetsOf(rule);
        assert.ok(
          names.some((n) => expected.has(n)),
          `egress rule to ${names.join('/') || JSON.stringify(rule)} is not allowed`,
        );
      }
      // Named targets may share one shape (the public internet on 443): count the rules as well.
      const named = [...expected].filter((n) => n !== 'extraEgress');
      assert.equal(
        rules.length,
        named.length + extra.length,
        `${rules.length} egress rules for ${named.join(', ')}`,
      );
      for (const want of named) {
        assert.ok(
          rules.some((rule) => targetsOf(rule).includes(want)),
          `no egress rule for ${want}`,
        );
      }
    });
  }
  for (const [job, target] of [
    ['migrate', 'postgres'],
    ['kafka-topics', 'kafka'],
  ]) {
    const pods = ofKind(r.docs, 'Job').filter(
      (j) => j.spec.template.metadata.labels['shelfscan.io/job'] === job,
    );
    if (pods.length === 0) continue;
    check(`${job} Jobs: one NetworkPolicy, no ingress, egress to DNS and ${target} only`, () => {
      for (const j of pods) {
        const mine = policies.filter((p) =>
          selects(p.spec.podSelector.matchLabels, j.spec.template.metadata.labels),
        );
        assert.equal(mine.length, 1, `${j.metadata.name}: ${mine.length} NetworkPolicies`);
        assert.deepEqual(mine[0].spec.ingress, []);
        assert.deepEqual(
          mine[0].spec.egress.map((rule) => targetsOf(rule).filter((n) => ['dns', target].includes(n))[0]),
          ['dns', target],
        );
      }
    });
  }
}

/** Hooks: topics before migrations before the rollout; one migration Job per table-owning component. */
export function hooksRunInOrder(r) {
  const jobs = ofKind(r.docs, 'Job');
  const deployments = ofKind(r.docs, 'Deployment');
  const migrations = jobs.filter((j) => j.metadata.labels['shelfscan.io/job'] === 'migrate');
  const owners = deployments
    .map(componentOf)
    .filter((c) => componentValues(r.values, c).database.enabled)
    .sort();
  check(`${r.name}: a migration hook Job for each component that owns tables (${owners.join(', ')})`, () => {
    assert.deepEqual(migrations.map(componentOf).sort(), owners);
  });
  for (const j of migrations) {
    const label = `Job ${j.metadata.name}`;
    const c = podSpecOf(j).containers[0];
    const dep = deploymentOf(r.docs, componentOf(j));
    check(
      `${label}: a pre-install/pre-upgrade hook running "<main> migrate" with the service's image, env and secrets`,
      () => {
        assert.deepEqual(hookOf(j).sort(), ['pre-install', 'pre-upgrade']);
        assert.ok(j.metadata.annotations['helm.sh/hook-delete-policy'], 'hook-delete-policy');
        assert.equal(podSpecOf(j).restartPolicy, 'Never');
        const svc = podSpecOf(dep).containers[0];
        assert.equal(c.image, svc.image);
        assert.deepEqual(c.args, [svc.args[0], 'migrate']);
        assert.ok(!c.envFrom, 'a hook cannot use the release ConfigMap (not created yet at pre-install)');
        const env = Object.fromEntries(
          (c.env ?? []).filter((e) => 'value' in e).map((e) => [e.name, e.value]),
        );
        assert.deepEqual(env, plainEnvOf(r.docs, dep), 'plain env');
        assert.deepEqual(secretRefsOf(podSpecOf(j)), secretRefsOf(podSpecOf(dep)), 'secret env');
      },
    );
    check(`${label}: its pods are selected by no Service or PDB`, () => {
      const labels = j.spec.template.metadata.labels;
      for (const s of ofKind(r.docs, 'Service'))
        assert.ok(!selects(s.spec.selector, labels), s.metadata.name);
      for (const p of ofKind(r.docs, 'PodDisruptionBudget'))
        assert.ok(!selects(p.spec.selector.matchLabels, labels), p.metadata.name);
    });
  }
  const topicsJob = jobs.find((j) => j.metadata.labels['shelfscan.io/job'] === 'kafka-topics');
  if (!r.values.kafka.topics.create) {
    check(`${r.name}: no topic Job when kafka.topics.create is off`, () =>
      assert.equal(topicsJob, undefined),
    );
    return;
  }
  check(`${r.name}: the topic ConfigMap, then the topic Job, then the migrations (hook weights)`, () => {
    assert.ok(topicsJob, 'no topic Job');
    const cm = byName(r.docs, 'ConfigMap', topicsJob.metadata.name);
    assert.ok(
      cm && hookOf(cm).includes('pre-install'),
      'the topic ConfigMap is a hook too (it must exist before the Job)',
    );
    assert.ok(hookWeightOf(cm) < hookWeightOf(topicsJob), 'ConfigMap before Job');
    for (const m of migrations)
      assert.ok(hookWeightOf(topicsJob) < hookWeightOf(m), `topics before ${m.metadata.name}`);
  });
  check(`${r.name}: the topic Job runs create-topics.cjs in a Node image with the kafka Secret`, () => {
    const c = podSpecOf(topicsJob).containers[0];
    assert.deepEqual(c.args, ['/etc/shelfscan/kafka-topics/create-topics.cjs']);
    const from = deploymentOf(r.docs, r.values.kafka.topics.jobImageFrom);
    assert.equal(c.image, podSpecOf(from).containers[0].image);
    assert.ok(secretRefsOf(podSpecOf(topicsJob)).some((s) => s.name === 'KAFKA_BROKERS'));
  });
}

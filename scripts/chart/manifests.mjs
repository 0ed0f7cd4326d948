// Lookups over rendered manifests (plain objects parsed from `helm template`).

export const ofKind = (docs, kind) => docs.filter((d) => d.kind === kind);
export const byName = (docs, kind, name) => docs.find((d) => d.kind === kind && d.metadata?.name === name);
export const componentOf = (d) => d.metadata?.labels?.['app.kubernetes.io/component'];
export const podSpecOf = (d) => d.spec.template.spec;
export const podLabelsOf = (d) => d.spec.template.metadata.labels;
export const hookOf = (d) => (d.metadata?.annotations?.['helm.sh/hook'] ?? '').split(',').filter(Boolean);
export const hookWeightOf = (d) => Number(d.metadata?.annotations?.['helm.sh/hook-weight'] ?? 0);

/** True when a non-empty matchLabels selector selects these labels. */
export const selects = (matchLabels, labels) =>
  Object.keys(matchLabels ?? {}).length > 0 &&
  Object.entries(matchLabels).every(([k, v]) => labels?.[k] === v);

export const containerPort = (container, ref) =>
  (container.ports ?? []).find((p) => p.name === ref || p.containerPort === ref);

/** The Deployment of a component. */
export const deploymentOf = (docs, component) =>
  ofKind(docs, 'Deployment').find((d) => componentOf(d) === component);

/** The plain environment of a Deployment's first container: its envFrom ConfigMap, then literal env values. */
export function plainEnvOf(docs, deployment) {
  const c = podSpecOf(deployment).containers[0];
  const env = {};
  for (const from of c.envFrom ?? []) {
    Object.assign(env, byName(docs, 'ConfigMap', from.configMapRef?.name)?.data ?? {});
  }
  for (const e of c.env ?? []) if ('value' in e) env[e.name] = e.value;
  return env;
}

/** The secret references of a pod's first container: [{name (variable), secret, key, optional}]. */
export function secretRefsOf(podSpec) {
  return (podSpec.containers[0].env ?? [])
    .filter((e) => e.valueFrom?.secretKeyRef)
    .map((e) => ({
      name: e.name,
      secret: e.valueFrom.secretKeyRef.name,
      key: e.valueFrom.secretKeyRef.key,
      optional: e.valueFrom.secretKeyRef.optional === true,
    }));
}

/** Structural equality of two plain values (YAML numbers and strings compared as written). */
export function sameValue(a, b) {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
function canonical(v) {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical(v[k])]),
    );
  }
  return v;
}

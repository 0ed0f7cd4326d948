// Every rendered manifest against the Kubernetes API schema (the OpenAPI schemas of Kubernetes
// 1.27, the chart's minimum version, shipped by the npm package kubernetes-models).
import { check } from './harness.mjs';

const models = new Map();
async function modelOf(apiVersion, kind) {
  const key = `${apiVersion}/${kind}`;
  if (!models.has(key)) {
    let Model;
    try {
      Model = (await import(`kubernetes-models/${apiVersion}`))[kind];
    } catch {
      Model = undefined;
    }
    models.set(key, Model);
  }
  return models.get(key);
}

/** Loads the models the render needs (dynamic imports), then registers one check per document. */
export async function manifestsMatchKubernetesSchema(r) {
  const docs = await Promise.all(
    r.docs.map(async (d) => ({ d, Model: await modelOf(d.apiVersion, d.kind) })),
  );
  for (const { d, Model } of docs) {
    check(`${r.name}: ${d.kind} ${d.metadata?.name} matches the Kubernetes ${d.apiVersion} schema`, () => {
      if (!Model) throw new Error(`no schema for ${d.apiVersion} ${d.kind} in kubernetes-models`);
      new Model(structuredClone(d)).validate();
    });
  }
}

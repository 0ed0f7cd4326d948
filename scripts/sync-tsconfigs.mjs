// Writes each backend workspace's tsconfig.json (project references follow its @shelfscan/*
// dependencies) and the root tsconfig.build.json that builds them all in order with `tsc -b`.
// Run it after adding a workspace or a workspace dependency: `node scripts/sync-tsconfigs.mjs`.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dirs = [
  'proto',
  'gateway',
  ...['libs', 'services', 'apps', 'tools'].flatMap((top) =>
    fs.existsSync(path.join(root, top)) ? fs.readdirSync(path.join(root, top)).map((d) => `${top}/${d}`) : [],
  ),
].filter(
  (d) => fs.existsSync(path.join(root, d, 'package.json')) && fs.existsSync(path.join(root, d, 'src')),
);

const byName = new Map(
  dirs.map((d) => [JSON.parse(fs.readFileSync(path.join(root, d, 'package.json'))).name, d]),
);
for (const dir of dirs) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json')));
  const deps = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((n) => byName.has(n));
  const rel = path.relative(path.join(root, dir), root);
  const tsconfig = {
    extends: `${rel}/tsconfig.base.json`,
    compilerOptions: { rootDir: 'src', outDir: 'dist', tsBuildInfoFile: 'dist/tsconfig.tsbuildinfo' },
    include: ['src'],
    exclude: ['src/**/*.spec.ts', 'src/**/*.test.ts'],
    references: deps.map((n) => ({
      path: path.relative(path.join(root, dir), path.join(root, byName.get(n))),
    })),
  };
  fs.writeFileSync(path.join(root, dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2) + '\n');
}
fs.writeFileSync(
  path.join(root, 'tsconfig.build.json'),
  JSON.stringify({ files: [], references: dirs.map((d) => ({ path: d })) }, null, 2) + '\n',
);
console.log(`tsconfigs written for ${dirs.length} workspaces`);

// Every document the code and the chart cite (a path ending in .md, its file name without other dots,
// so that code such as theme.breakpoints.md is not read as one) is in the repository: a path from the
// repository's root or from the citing file's folder. Run by scripts/test-all.sh (check doc-links).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = execFileSync(
  'git',
  ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.cjs', '*.js', '*.sh', '*.yaml', '*.proto', 'Makefile'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((f) => f && !f.includes('/gen/') && fs.existsSync(path.join(root, f)));

const missing = [];
for (const file of files) {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  for (const [cited] of text.matchAll(/(?<![\w./-])(?:[\w.-]*\/)*[\w-]+\.md\b/g)) {
    const found = [root, path.join(root, path.dirname(file))].some((dir) =>
      fs.existsSync(path.join(dir, cited)),
    );
    if (!found) missing.push(`${file}: ${cited}`);
  }
}
if (missing.length) {
  console.error(`documents cited but not in the repository:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
console.log(`✓ every document cited by ${files.length} files is in the repository`);

// Formats the generated code with prettier so that `git diff` of a regeneration is empty
// exactly when the contracts did not change.
import { execFileSync } from 'node:child_process';
execFileSync('npx', ['prettier', '--log-level', 'warn', '--write', 'src/gen'], { stdio: 'inherit' });

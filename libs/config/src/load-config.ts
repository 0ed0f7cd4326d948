import { z } from 'zod';
import { maskCredentials } from './fields.js';

export interface ConfigIssue {
  /** The environment variable's name. */
  variable: string;
  /** What was expected, in words. */
  expected: string;
  /** The value found (masked for secrets), or undefined when the variable is missing. */
  received?: string;
}

/** A malformed or missing environment variable: the process must not start. */
export class ConfigError extends Error {
  constructor(readonly issues: ConfigIssue[]) {
    super(
      'Invalid environment:\n' +
        issues
          .map(
            (i) =>
              `  ${i.variable}: expected ${i.expected}` +
              (i.received === undefined ? ' (not set)' : `, got ${JSON.stringify(i.received)}`),
          )
          .join('\n'),
    );
    this.name = 'ConfigError';
  }
}

const SECRET = /PASSWORD|SECRET|KEY|TOKEN|URL/;

/**
 * Validates the environment once, at start, into a typed object. Throws a ConfigError naming
 * every malformed variable and what was expected.
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  // Empty strings count as unset, as a shell's `FOO= make up` means.
  const source = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue): ConfigIssue => {
    const variable = String(issue.path[0] ?? '(environment)');
    const raw = source[variable];
    return {
      variable,
      expected: issue.message,
      received: raw === undefined ? undefined : SECRET.test(variable) ? '***' : maskCredentials(raw),
    };
  });
  throw new ConfigError(issues);
}

/**
 * Runs `start`; a ConfigError (or any start-up failure) is printed and ends the process with
 * exit code 1 — a service never runs half-configured.
 */
export async function runOrExit(start: () => Promise<unknown>): Promise<void> {
  try {
    await start();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
    } else {
      process.stderr.write(
        `Start-up failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
      );
    }
    process.exit(1);
  }
}

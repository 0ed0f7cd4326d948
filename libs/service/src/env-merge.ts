import { ConfigError } from '@shelfscan/config';
import { z } from 'zod';

/** Who declares these variables (a service declaration, or `{ name: 'gateway', envSchema }`). */
export interface NamedEnvSchema {
  name: string;
  envSchema: z.ZodObject;
}

type ShapeOf<P> = P extends { envSchema: z.ZodObject<infer S> } ? S : never;
type Intersect<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/**
 * One env schema for several services run in one process (the embedded mode). A variable
 * declared by two of them must carry the same rule — the same schema object (as every
 * `baseEnvSchema` field is), or one with the same JSON Schema (type, format, enum, bounds,
 * default) — otherwise the start stops with a ConfigError naming the variable and both declarers.
 */
export function mergeEnvSchemas<const P extends readonly NamedEnvSchema[]>(
  parts: P,
): z.ZodObject<Extract<Intersect<ShapeOf<P[number]>>, z.core.$ZodShape>> {
  const shape: Record<string, z.ZodType> = {};
  const owner: Record<string, string> = {};
  const conflicts: { variable: string; expected: string }[] = [];
  for (const { name, envSchema } of parts) {
    for (const [variable, field] of Object.entries(envSchema.shape as Record<string, z.ZodType>)) {
      const existing = shape[variable];
      if (!existing) {
        shape[variable] = field;
        owner[variable] = name;
      } else if (existing !== field && fingerprint(existing) !== fingerprint(field)) {
        conflicts.push({
          variable,
          expected: `one rule, but ${owner[variable]} and ${name} declare it differently`,
        });
      }
    }
  }
  if (conflicts.length) throw new ConfigError(conflicts);
  return z.object(shape) as never;
}

function fingerprint(field: z.ZodType): string {
  return JSON.stringify(z.toJSONSchema(field, { unrepresentable: 'any', io: 'input' }));
}

import { z } from 'zod';

/** Field builders whose failure messages say what an operator must write. */
export const env = {
  port: (fallback: number) =>
    z.coerce
      .number({ error: 'a TCP port number from 1 to 65535' })
      .int({ error: 'a TCP port number from 1 to 65535' })
      .min(1, { error: 'a TCP port number from 1 to 65535' })
      .max(65535, { error: 'a TCP port number from 1 to 65535' })
      .default(fallback),
  int: (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
    z.coerce
      .number({ error: `a whole number from ${min} to ${max}` })
      .int({ error: `a whole number from ${min} to ${max}` })
      .min(min, { error: `a whole number from ${min} to ${max}` })
      .max(max, { error: `a whole number from ${min} to ${max}` })
      .default(fallback),
  url: (protocols: string[]) =>
    z.string().refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol.replace(/:$/, ''));
        } catch {
          return false;
        }
      },
      { error: `a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}` },
    ),
  email: () => z.email({ error: 'an email address' }),
  oneOf: <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
    z.enum(values, { error: `one of ${values.join(', ')}` }).default(fallback as never),
  bool: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'true or false' })
      .transform((v) => v === 'true' || v === '1' || v === 'yes')
      .default(fallback),
  /** host:port[,host:port…] */
  hostPorts: () =>
    z
      .string()
      .regex(/^[^\s,:]+:\d{1,5}(,[^\s,:]+:\d{1,5})*$/, { error: 'a comma-separated list of host:port' })
      .transform((v) => v.split(',')),
  text: () => z.string().min(1),
};

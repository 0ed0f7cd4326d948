import type { z } from 'zod';

/** The confirmation must equal the (new) password in `field`; an empty confirmation is an error. */
export function withConfirmation<
  K extends string,
  S extends z.ZodType<Record<K, string> & { confirmPassword: string }>,
>(schema: S, field: K) {
  return schema.refine((v) => v.confirmPassword === v[field] && v.confirmPassword !== '', {
    path: ['confirmPassword'],
    error: 'confirmPassword',
    // Checked even when other fields fail, so the form shows every problem at once.
    when: (payload) => typeof (payload.value as { confirmPassword?: unknown })?.confirmPassword === 'string',
  });
}

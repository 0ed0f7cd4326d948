import type { z } from 'zod';

export interface FieldError {
  /** The path of the field, dotted (`address.city`); empty for the payload as a whole. */
  field: string;
  /** A key of messages.ts, or `unknownField` for a field the payload may not have. */
  msg: string;
}

/**
 * The issues of a failed parse as one entry per field (the first problem of each field), in the order
 * of the payload. An unknown field of a strict payload gives `{field, msg: 'unknownField'}`.
 */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  const add = (field: string, msg: string) => {
    if (seen.has(field)) return;
    seen.add(field);
    out.push({ field, msg });
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key].join('.'), 'unknownField');
    } else {
      add(issue.path.map(String).join('.'), issue.message);
    }
  }
  return out;
}

import { type ArgumentMetadata, type PipeTransform, type Type } from '@nestjs/common';
import { fieldErrors } from '@shelfscan/validation';
import type { z } from 'zod';
import { unprocessable } from './http-exception.filter.js';

const SCHEMA = Symbol('shelfscan.schema');

/** A schema that depends on the day (a card's expiry, `cardRequest(today)`): made at each validation. */
type SchemaOfDay = (today: Date) => z.ZodType;

interface SchemaClass {
  [SCHEMA]?: z.ZodType | SchemaOfDay;
}

/**
 * The base class of a DTO validated by a shared schema of @shelfscan/validation. The DTO keeps its
 * Swagger decorators; `implements z.output<typeof schema>` makes the compiler hold the two together:
 * `class RegisterDto extends SchemaDto(registerRequest) implements z.output<typeof registerRequest>`.
 * A rule that depends on the day is given as its factory (`SchemaDto(cardRequest)`): the pipe
 * makes it with its clock's date.
 */
export function SchemaDto(schema: z.ZodType | SchemaOfDay): Type<object> {
  class Dto {
    static readonly [SCHEMA] = schema;
  }
  return Dto;
}

/** The schema of a DTO class on a day, if it has one. */
export function schemaOf(metatype: unknown, today: () => Date): z.ZodType | undefined {
  const schema = typeof metatype === 'function' ? (metatype as SchemaClass)[SCHEMA] : undefined;
  return typeof schema === 'function' ? schema(today()) : schema;
}

/**
 * Validates every body and query whose DTO has a shared schema (product spec part 5): the parsed
 * (trimmed) value goes on, a failure is a 422 with a list of {field, msg}. Other parameters pass as they are; no
 * parameter, query or body may hold U+0000 (a 422 too).
 * `now` is the gateway's clock (the wall clock; tests give a fixed date).
 */
export class SchemaValidationPipe implements PipeTransform {
  constructor(private readonly now: () => Date) {}

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const nul = fieldWithNul(value, metadata.data ?? '');
    if (nul !== undefined) throw unprocessable([{ field: nul || metadata.type, msg: 'characterInvalid' }]);
    const schema = schemaOf(metadata.metatype, this.now);
    if (!schema) return value;
    const result = schema.safeParse(value ?? {});
    if (result.success) return result.data;
    throw unprocessable(fieldErrors(result.error));
  }
}

/**
 * The first field (path parameter, query or body field, or key) whose text holds U+0000: no text of
 * the product may (PostgreSQL text cannot store it), so it is refused here as a 422, never a 500.
 */
function fieldWithNul(value: unknown, name: string): string | undefined {
  const pending: [unknown, string][] = [[value, name]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, field] = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return field;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return field;
        pending.push([child, field ? `${field}.${key}` : key]);
      }
    }
  }
  return undefined;
}

export function createValidationPipe(now: () => Date = () => new Date()): SchemaValidationPipe {
  return new SchemaValidationPipe(now);
}

import { type ArgumentMetadata, type PipeTransform, type Type } from '@nestjs/common';
import { fieldErrors } from '@shelfscan/validation';
import type { z } from 'zod';
import { unprocessable } from './http-exception.filter.js';

const SCHEMA = Symbol('shelfscan.schema');

interface SchemaClass {
  [SCHEMA]?: z.ZodType;
}

/**
 * The base class of a DTO validated by a shared schema of @shelfscan/validation. The DTO keeps its
 * Swagger decorators; `implements z.output<typeof schema>` makes the compiler hold the two together:
 * `class RegisterDto extends SchemaDto(registerRequest) implements z.output<typeof registerRequest>`.
 */
export function SchemaDto(schema: z.ZodType): Type<object> {
  class Dto {
    static readonly [SCHEMA] = schema;
  }
  return Dto;
}

/** The schema of a DTO class, if it has one. */
export function schemaOf(metatype: unknown): z.ZodType | undefined {
  return typeof metatype === 'function' ? (metatype as SchemaClass)[SCHEMA] : undefined;
}

/**
 * Validates every body and query whose DTO has a shared schema (product spec part 5): the parsed
 * (trimmed) value goes on, a failure is a 422 with a list of {field, msg}. Other parameters pass as they are.
 */
export class SchemaValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const schema = schemaOf(metadata.metatype);
    if (!schema) return value;
    const result = schema.safeParse(value ?? {});
    if (result.success) return result.data;
    throw unprocessable(fieldErrors(result.error));
  }
}

export function createValidationPipe(): SchemaValidationPipe {
  return new SchemaValidationPipe();
}

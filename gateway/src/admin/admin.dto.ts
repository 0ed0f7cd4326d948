import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { contactRequest, pageQuery, usersQuery } from '@shelfscan/validation';
import { z } from 'zod';
import { unprocessable } from '../common/http-exception.filter.js';
import { SchemaDto } from '../common/validation.js';

/** `?page=0&size=20`: page from 0, size 1–100. */
export class PageQuery extends SchemaDto(pageQuery) implements z.output<typeof pageQuery> {
  @ApiPropertyOptional({ minimum: 0, default: 0 })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  size?: number;
}

const DAY = z.string('dateInvalid').regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'dateInvalid' });
const chartsQuery = z.strictObject({ from: DAY.optional(), to: DAY.optional() });

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD` (Istanbul days, inclusive); the service checks the calendar and the span. */
export class ChartsQuery extends SchemaDto(chartsQuery) implements z.output<typeof chartsQuery> {
  @ApiPropertyOptional({ description: 'first day, YYYY-MM-DD (Istanbul); default: 29 days before `to`' })
  from?: string;

  @ApiPropertyOptional({ description: 'last day, YYYY-MM-DD (Istanbul); default: today; at most 366 days' })
  to?: string;
}

export class UsersQuery extends SchemaDto(usersQuery) implements z.output<typeof usersQuery> {
  @ApiPropertyOptional({ minimum: 0, default: 0 })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  size?: number;

  @ApiPropertyOptional({ description: 'part of the email, first or last name (case-insensitive)' })
  search?: string;
}

/** One system parameter as the admin screen edits it (product spec part 3). */
export class SystemParameterDto {
  @ApiProperty({ example: 'search.standard.dailyLimit' })
  key!: string;
  @ApiProperty()
  description!: string;
  @ApiProperty({ example: '15' })
  value1!: string;
  @ApiProperty()
  value2!: string;
  @ApiProperty()
  value3!: string;
}

const FIELDS = ['key', 'description', 'value1', 'value2', 'value3'] as const;

/**
 * The body of PUT /api/system-parameter: the whole list (a JSON array). Here only its shape is
 * checked (an array of objects with string fields, at most 100); the admin service checks each
 * value by key. Missing value fields count as empty.
 */
export function parseParameterList(body: unknown): SystemParameterDto[] {
  if (!Array.isArray(body) || body.length > 100) {
    throw unprocessable([{ field: 'parameters', msg: 'parameterListInvalid' }], 'systemParametersInvalid');
  }
  const violations: { field: string; msg: string }[] = [];
  const items = body.map((raw: unknown, i) => {
    const item = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const out = {} as SystemParameterDto;
    for (const f of FIELDS) {
      const v = item[f] ?? (f === 'key' ? undefined : '');
      if (typeof v !== 'string' || v.length > 2000)
        violations.push({ field: `parameters[${i}].${f}`, msg: 'parameterText' });
      else out[f] = v;
    }
    for (const k of Object.keys(item)) {
      if (!(FIELDS as readonly string[]).includes(k)) {
        violations.push({ field: `parameters[${i}].${k}`, msg: 'unknownField' });
      }
    }
    return out;
  });
  if (violations.length) throw unprocessable(violations, 'systemParametersInvalid');
  return items;
}

/** The contact form (product spec parts 3 and 5): subject and message required; name and mail come from the account. */
export class ContactDto extends SchemaDto(contactRequest) implements z.output<typeof contactRequest> {
  @ApiProperty({ example: 'Fatura' })
  contactSubject!: string;

  @ApiProperty({ description: 'the message', example: 'Faturamı göremiyorum.' })
  contactTitle!: string;

  @ApiPropertyOptional({ description: 'shown read-only in the form; ignored (the account name is used)' })
  contactName?: string;

  @ApiPropertyOptional({ description: 'shown read-only in the form; ignored (the account email is used)' })
  contactMail?: string;
}

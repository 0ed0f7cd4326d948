import { UnprocessableEntityException, ValidationPipe, type ValidationError } from '@nestjs/common';
import type { ApiResponse } from './api-response.js';
import { t } from './i18n.js';

function flatten(errors: ValidationError[], parent = ''): { field: string; msg: string }[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.entries(e.constraints ?? {}).map(([rule, msg]) => ({
      field,
      msg: rule === 'whitelistValidation' ? t('unknownField', { field }) : t(msg),
    }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/** Every validation failure is a 422 with a list of {msg} (product spec part 5). */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const list = flatten(errors);
      const body: ApiResponse = { success: false, message: list.map((e) => e.msg).join('\n'), errors: list };
      return new UnprocessableEntityException(body);
    },
  });
}

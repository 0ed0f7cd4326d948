import { schemaResolver } from '@mantine/form';
import {
  accountInfoForm,
  activationCodeForm,
  changePasswordForm,
  loginForm,
  registerForm,
  resetPasswordForm,
  VALIDATION_MESSAGES,
  FORM_ONLY_MESSAGES,
  type FormSchema,
} from '@shelfscan/validation';
import { describe, expect, it } from 'vitest';
import { VALID, VERDICTS, type VerdictForm } from '../../../libs/validation/test/verdict-table';
import { i18n } from './i18n';

/** The schema each web form validates with, and what the form has beyond the API payload. */
const FORMS: Record<
  VerdictForm,
  { schema: FormSchema<Record<string, unknown>>; extra: (v: Record<string, string>) => object }
> = {
  register: { schema: registerForm, extra: (v) => ({ confirmPassword: v.password, terms: true }) },
  login: { schema: loginForm, extra: () => ({}) },
  resetPassword: { schema: resetPasswordForm, extra: (v) => ({ confirmPassword: v.password }) },
  accountInfo: { schema: accountInfoForm, extra: () => ({}) },
  changePassword: { schema: changePasswordForm, extra: (v) => ({ confirmPassword: v.newPassword }) },
  activationCode: { schema: activationCodeForm, extra: () => ({}) },
};

describe('web forms: the same verdicts as the gateway', () => {
  it.each(VERDICTS.map((r) => [`${r.form}.${r.field} = ${JSON.stringify(r.value)}`, r] as const))(
    '%s',
    (_name, row) => {
      const { schema, extra } = FORMS[row.form];
      const values = { ...VALID[row.form], [row.field]: row.value };
      // Exactly what useSchemaForm gives @mantine/form.
      const errors = schemaResolver(schema, { sync: true })({ ...values, ...extra(values) });
      // The fields the form shares with the API payload (the confirmation has its own rows elsewhere).
      const shared = Object.fromEntries(Object.entries(errors).filter(([field]) => field in VALID[row.form]));
      expect(shared).toEqual(row.verdict === null ? {} : { [row.field]: row.verdict });
    },
  );

  it('has a Turkish and an English text for every shared message in the catalogue', () => {
    for (const lng of ['tr', 'en']) {
      for (const key of [...VALIDATION_MESSAGES, ...FORM_ONLY_MESSAGES]) {
        expect([lng, key, i18n.exists(`messages:${key}`, { lng })]).toEqual([lng, key, true]);
      }
    }
    expect(i18n.getFixedT('tr')('messages:confirmPassword')).toBe('Şifreler eşleşmiyor.');
  });
});

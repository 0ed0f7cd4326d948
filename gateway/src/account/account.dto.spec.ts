import { UnprocessableEntityException, type ArgumentMetadata } from '@nestjs/common';
import { VALIDATION_MESSAGES } from '@shelfscan/validation';
import { VALID, VERDICTS, type VerdictForm } from '../../../libs/validation/test/verdict-table';
import type { ApiResponse } from '../common/api-response.js';
import { runWithLang, t } from '../common/i18n.js';
import { createValidationPipe } from '../common/validation.js';
import {
  ActivateDto,
  AuthenticateDto,
  ChangePasswordDto,
  CheckVerificationCodeQuery,
  CompletePasswordResetDto,
  RegisterDto,
  SendVerificationCodeQuery,
  UpdateAccountDto,
} from './account.dto.js';

const pipe = createValidationPipe();

/** The API payload behind each web form of the table. */
const PAYLOADS: Record<VerdictForm, { dto: ArgumentMetadata['metatype']; extra: Record<string, unknown> }> = {
  register: { dto: RegisterDto, extra: { langKey: 'en' } },
  login: { dto: AuthenticateDto, extra: {} },
  resetPassword: { dto: CompletePasswordResetDto, extra: {} },
  accountInfo: { dto: UpdateAccountDto, extra: { id: 'u1', email: 'ayse@example.com' } },
  changePassword: { dto: ChangePasswordDto, extra: {} },
  activationCode: { dto: ActivateDto, extra: {} },
};

/** Runs a body through the gateway's validation pipe: the parsed value, or the 422 body. */
function validate(
  metatype: ArgumentMetadata['metatype'],
  value: unknown,
  lang = 'en',
  type: ArgumentMetadata['type'] = 'body',
): { ok: true; value: unknown } | { ok: false; body: ApiResponse } {
  return runWithLang(lang, () => {
    try {
      return { ok: true as const, value: pipe.transform(value, { type, metatype }) };
    } catch (error) {
      if (!(error instanceof UnprocessableEntityException)) throw error;
      return { ok: false as const, body: error.getResponse() as ApiResponse };
    }
  });
}

describe('gateway validation: the same verdicts as the web forms', () => {
  it.each(VERDICTS.map((r) => [`${r.form}.${r.field} = ${JSON.stringify(r.value)}`, r] as const))(
    '%s',
    (_name, row) => {
      const { dto, extra } = PAYLOADS[row.form];
      const result = validate(dto, { ...VALID[row.form], ...extra, [row.field]: row.value });
      if (row.verdict === null) {
        expect(result).toMatchObject({ ok: true });
      } else {
        expect(result.ok).toBe(false);
        const errors = result.ok ? [] : (result.body.errors ?? []);
        expect(errors).toEqual([{ field: row.field, msg: runWithLang('en', () => t(row.verdict!)) }]);
      }
    },
  );
});

describe('gateway validation pipe', () => {
  it('answers a 422 in the spec shape, messages joined by line breaks, in the request language', () => {
    const body = { firstName: 'Anne--Marie', lastName: 'Jo  Ann', email: 'a@b', password: '123' };
    const tr = validate(RegisterDto, body, 'tr');
    expect(tr).toEqual({
      ok: false,
      body: {
        success: false,
        message:
          'Ad geçersiz: 2–50 harf kullanın; harfler arasında tek boşluk, tire veya kesme işareti olabilir.\nSoyad geçersiz: 2–50 harf kullanın; harfler arasında tek boşluk, tire veya kesme işareti olabilir.\nE-posta adresi geçersiz.\nŞifre en az 6 karakter olmalıdır.',
        errors: [
          {
            field: 'firstName',
            msg: 'Ad geçersiz: 2–50 harf kullanın; harfler arasında tek boşluk, tire veya kesme işareti olabilir.',
          },
          {
            field: 'lastName',
            msg: 'Soyad geçersiz: 2–50 harf kullanın; harfler arasında tek boşluk, tire veya kesme işareti olabilir.',
          },
          { field: 'email', msg: 'E-posta adresi geçersiz.' },
          { field: 'password', msg: 'Şifre en az 6 karakter olmalıdır.' },
        ],
      },
    });
    const en = validate(RegisterDto, body, 'en-US,en;q=0.9');
    expect(en.ok ? [] : en.body.errors?.map((e) => e.msg)).toEqual([
      'Name is invalid: use 2–50 letters, with single spaces, hyphens or apostrophes between them.',
      'Surname is invalid: use 2–50 letters, with single spaces, hyphens or apostrophes between them.',
      'Email is invalid.',
      'Password must be at least 6 characters.',
    ]);
  });

  it('refuses an unknown field and a missing body', () => {
    const extra = validate(RegisterDto, { ...VALID.register, admin: true });
    expect(extra.ok ? [] : extra.body.errors).toEqual([{ field: 'admin', msg: 'Unknown field: admin.' }]);
    const missing = validate(AuthenticateDto, undefined);
    expect(missing.ok ? [] : missing.body.errors).toEqual([
      { field: 'email', msg: 'Email is invalid.' },
      { field: 'password', msg: 'Password is required.' },
    ]);
  });

  it('passes on the parsed value: trimmed, optional fields as sent', () => {
    expect(
      validate(RegisterDto, { ...VALID.register, firstName: ' Ayşe ', email: ' ayse@example.com ' }),
    ).toEqual({
      ok: true,
      value: { ...VALID.register, firstName: 'Ayşe', email: 'ayse@example.com' },
    });
    expect(
      validate(UpdateAccountDto, { ...PAYLOADS.accountInfo.extra, ...VALID.accountInfo, phone: null }),
    ).toMatchObject({ ok: true, value: { phone: null } });
  });

  it('refuses a password in my information (it has its own route) in both languages; empty or null passes', () => {
    const body = { ...PAYLOADS.accountInfo.extra, ...VALID.accountInfo };
    for (const password of ['', null])
      expect(validate(UpdateAccountDto, { ...body, password })).toMatchObject({ ok: true });
    const en = validate(UpdateAccountDto, { ...body, password: 'n3w-secret' });
    expect(en.ok ? [] : en.body.errors).toEqual([
      {
        field: 'password',
        msg: 'Change the password with the change password form: it asks for your current password.',
      },
    ]);
    const tr = validate(UpdateAccountDto, { ...body, password: 'n3w-secret' }, 'tr');
    expect(tr.ok ? [] : tr.body.errors).toEqual([
      { field: 'password', msg: 'Şifreyi şifre değiştirme formundan değiştirin: mevcut şifrenizi sorar.' },
    ]);
  });

  it('checks the queries of phone verification', () => {
    expect(validate(SendVerificationCodeQuery, { gsm: '0532 123 45 67' }, 'en', 'query')).toMatchObject({
      ok: true,
    });
    const bad = validate(SendVerificationCodeQuery, { gsm: '0532 123 45 67 ab' }, 'en', 'query');
    expect(bad.ok ? [] : bad.body.errors).toEqual([{ field: 'gsm', msg: 'Phone number is invalid.' }]);
    const code = validate(CheckVerificationCodeQuery, { verificationCode: '12' }, 'en', 'query');
    expect(code.ok ? [] : code.body.errors).toEqual([
      { field: 'verificationCode', msg: 'The code must be 6 digits.' },
    ]);
  });

  it('leaves parameters without a shared schema alone', () => {
    expect(validate(String, 'anything', 'en', 'param')).toEqual({ ok: true, value: 'anything' });
    expect(validate(undefined, { a: 1 })).toEqual({ ok: true, value: { a: 1 } });
  });

  it('has a Turkish and an English text for every shared message', () => {
    for (const key of VALIDATION_MESSAGES) {
      for (const lang of ['tr', 'en']) {
        expect([key, lang, runWithLang(lang, () => t(key))]).not.toEqual([key, lang, key]);
      }
    }
    expect(runWithLang('tr', () => t('confirmPassword'))).not.toBe(
      runWithLang('en', () => t('confirmPassword')),
    );
  });
});

import { act, renderHook } from '@testing-library/react';
import { loginForm, phoneVerificationForm } from '@shelfscan/validation';
import { describe, expect, it } from 'vitest';
import { showServerErrors, useSchemaForm } from './form';
import { i18n } from './i18n';

/** A failed `unwrap()` as RTK Query rejects it. */
const failed = (status: number | 'FETCH_ERROR', data?: unknown) => ({ status, data });
const otherwise = () => 'fallback';

describe('useSchemaForm', () => {
  it('validates with the shared schema and shows the translated message on the field', async () => {
    await i18n.changeLanguage('en');
    const { result } = renderHook(() => useSchemaForm(loginForm, { email: 'nope', password: '' }));
    act(() => void result.current.validate());
    expect(result.current.errors).toEqual({ email: 'emailInvalid', password: 'passwordRequired' });
    expect(result.current.getInputProps('email').error).toBe('Email is invalid.');
    expect(result.current.getInputProps('password').error).toBe('Password is required.');
    await i18n.changeLanguage('tr');
  });
});

describe('showServerErrors', () => {
  it('puts a 422 message on the field it names (a server text is shown as it is)', () => {
    const { result } = renderHook(() => useSchemaForm(loginForm, { email: 'a@b.co', password: 'x' }));
    let rest: string | null = 'unset';
    act(() => {
      rest = showServerErrors(
        result.current,
        failed(422, { success: false, message: '', errors: [{ field: 'email', msg: 'E-posta geçersiz.' }] }),
        otherwise,
      );
    });
    expect(rest).toBeNull();
    expect(result.current.getInputProps('email').error).toBe('E-posta geçersiz.');
  });

  it('maps server field names, joins two messages of one field and the ones without a field', () => {
    const { result } = renderHook(() => useSchemaForm(phoneVerificationForm, { phone: '' }));
    let rest: string | null = null;
    act(() => {
      rest = showServerErrors(
        result.current,
        failed(422, {
          success: false,
          message: '',
          errors: [
            { field: 'gsm', msg: 'first' },
            { field: 'gsm', msg: 'second' },
            { field: 'id', msg: 'no such field here' },
            { msg: 'no field at all' },
          ],
        }),
        otherwise,
        { gsm: 'phone' },
      );
    });
    expect(rest).toBe('no such field here\nno field at all');
    expect(result.current.errors).toEqual({ phone: 'first\nsecond' });
  });

  it('leaves any other failure, and a 422 without a list, to the caller', () => {
    const { result } = renderHook(() => useSchemaForm(loginForm, { email: '', password: '' }));
    expect(showServerErrors(result.current, failed('FETCH_ERROR'), otherwise)).toBe('fallback');
    expect(showServerErrors(result.current, failed(400, { success: false, message: 'x' }), otherwise)).toBe(
      'fallback',
    );
    expect(
      showServerErrors(result.current, failed(422, { success: false, message: 'x', errors: [] }), otherwise),
    ).toBe('fallback');
    expect(result.current.errors).toEqual({});
  });
});

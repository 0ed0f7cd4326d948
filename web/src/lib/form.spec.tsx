import { act, renderHook } from '@testing-library/react';
import { loginForm, phoneVerificationForm, systemParametersForm } from '@shelfscan/validation';
import { describe, expect, it } from 'vitest';
import { showServerErrors, useSchemaForm, useValidationText } from './form';
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
    // The hook's component re-renders in the new language: inside act, as React wants.
    await act(() => i18n.changeLanguage('tr'));
  });
});

describe('useValidationText', () => {
  it('names the markets of a message from the market table, in the page language', async () => {
    await i18n.changeLanguage('tr');
    const tr = renderHook(() => useValidationText());
    expect(tr.result.current('deepNotInMarket')).toBe(
      'Derin tarama yalnızca şu pazarlarda çalışır: Kanada, Meksika, Birleşik Arap Emirlikleri ve Birleşik Krallık.',
    );
    expect(tr.result.current('functionalNotInMarket')).toBe(
      'Fonksiyonel tarama yalnızca şu pazarlarda çalışır: Kanada ve Meksika.',
    );
    tr.unmount();
    await i18n.changeLanguage('en');
    const en = renderHook(() => useValidationText());
    expect(en.result.current('deepNotInMarket')).toBe(
      'Deep scans work only in Canada, Mexico, United Arab Emirates, and United Kingdom.',
    );
    expect(en.result.current('storeUrlMarketNotSupported')).toBe(
      'ShelfScan scans stores of amazon.ca, amazon.com.mx, amazon.ae, amazon.com.au, amazon.sg, amazon.co.uk only.',
    );
    en.unmount();
    await i18n.changeLanguage('tr');
  });
});

describe('showServerErrors', () => {
  it('puts a message naming a list item (`parameters[1].value1`) on that item’s field', () => {
    const item = (key: string) => ({ key, description: '', value1: '1', value2: '', value3: '' });
    const { result } = renderHook(() =>
      useSchemaForm(systemParametersForm, { parameters: [item('a'), item('b')] }),
    );
    let rest: string | null = 'unset';
    act(() => {
      rest = showServerErrors(
        result.current,
        failed(422, {
          success: false,
          message: '',
          errors: [
            { field: 'parameters[1].value1', msg: 'Must be a whole number (0 or more).' },
            { field: 'parameters[7].value1', msg: 'no such item' },
            { field: 'parameters.search.listLimit', msg: 'This parameter is missing from the list.' },
          ],
        }),
        otherwise,
      );
    });
    expect(result.current.errors).toEqual({ 'parameters.1.value1': 'Must be a whole number (0 or more).' });
    expect(rest).toBe('no such item\nThis parameter is missing from the list.');
  });

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

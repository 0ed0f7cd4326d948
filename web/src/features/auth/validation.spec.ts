import { schemaResolver } from '@mantine/form';
import { registerForm } from '@shelfscan/validation';
import { describe, expect, it } from 'vitest';
import { safeRedirect } from './validation';

/** The register form's rules as the form runs them: @mantine/form's resolver over the shared schema. */
const validateRegister = schemaResolver(registerForm, { sync: true });
const fieldError = (field: string, value: string) =>
  validateRegister({ ...valid, [field]: value })[field] ?? null;

const valid = {
  firstName: 'Çağrı',
  lastName: 'Öztürk-Şahin',
  email: 'cagri@example.com.tr',
  phone: '',
  password: 'secret1',
  confirmPassword: 'secret1',
  terms: true,
};

describe('register validation', () => {
  it('accepts a valid form (Turkish letters, hyphen, empty phone)', () => {
    expect(validateRegister(valid)).toEqual({});
  });

  it('rejects bad names and surnames', () => {
    expect(fieldError('firstName', 'A')).toBe('nameInvalid');
    expect(fieldError('firstName', 'Ali3')).toBe('nameInvalid');
    expect(fieldError('firstName', '--')).toBe('nameInvalid');
    expect(fieldError('firstName', 'x'.repeat(51))).toBe('nameInvalid');
    expect(fieldError('firstName', 'İsmail Hakkı')).toBeNull();
    expect(validateRegister({ ...valid, firstName: 'J0hn', lastName: '' })).toEqual({
      firstName: 'nameInvalid',
      lastName: 'surnameInvalid',
    });
  });

  it('checks email syntax', () => {
    expect(fieldError('email', 'a@b.co')).toBeNull();
    expect(fieldError('email', 'a@b')).toBe('emailInvalid');
    expect(fieldError('email', 'a b@c.com')).toBe('emailInvalid');
    expect(fieldError('email', '@c.com')).toBe('emailInvalid');
    expect(fieldError('email', 'nope')).toBe('emailInvalid');
  });

  it('phone is optional but needs at least 10 digits when given', () => {
    expect(fieldError('phone', '')).toBeNull();
    expect(fieldError('phone', '555 123 45')).toBe('phoneMin');
    expect(fieldError('phone', '+90 (555) 123-45-67')).toBeNull();
    expect(fieldError('phone', '55512345ab')).toBe('phoneMin');
    expect(fieldError('phone', '12345')).toBe('phoneMin');
  });

  it('password at least 6, confirmation equal, terms accepted', () => {
    expect(validateRegister({ ...valid, password: '12345', confirmPassword: '12345' }).password).toBe(
      'passwordMin',
    );
    expect(
      validateRegister({ ...valid, password: '123456', confirmPassword: '123457' }).confirmPassword,
    ).toBe('confirmPassword');
    expect(validateRegister({ ...valid, terms: false })).toEqual({ terms: 'terms' });
  });
});

describe('safeRedirect', () => {
  it('keeps safe local paths only', () => {
    expect(safeRedirect('/payment/addPlan')).toBe('/payment/addPlan');
    expect(safeRedirect('/us/account?tab=plans')).toBe('/us/account?tab=plans');
    expect(safeRedirect('register')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('/auth/login')).toBeNull();
    expect(safeRedirect('/us/logout')).toBeNull();
  });
});

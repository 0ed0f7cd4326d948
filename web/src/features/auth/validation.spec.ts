import { describe, expect, it } from 'vitest';
import {
  isValidEmail,
  isValidName,
  isValidPhone,
  safeRedirect,
  validateRegister,
  type RegisterValues,
} from './validation';

const valid: RegisterValues = {
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
    expect(isValidName('A')).toBe(false);
    expect(isValidName('Ali3')).toBe(false);
    expect(isValidName('--')).toBe(false);
    expect(isValidName('x'.repeat(51))).toBe(false);
    expect(isValidName('İsmail Hakkı')).toBe(true);
    expect(validateRegister({ ...valid, firstName: 'J0hn', lastName: '' })).toEqual({
      firstName: 'validation.nameInvalid',
      lastName: 'validation.surnameInvalid',
    });
  });

  it('checks email syntax', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('a b@c.com')).toBe(false);
    expect(isValidEmail('@c.com')).toBe(false);
    expect(validateRegister({ ...valid, email: 'nope' }).email).toBe('validation.emailInvalid');
  });

  it('phone is optional but needs at least 10 digits when given', () => {
    expect(isValidPhone('')).toBe(true);
    expect(isValidPhone('555 123 45')).toBe(false);
    expect(isValidPhone('+90 (555) 123-45-67')).toBe(true);
    expect(isValidPhone('55512345ab')).toBe(false);
    expect(validateRegister({ ...valid, phone: '12345' }).phone).toBe('validation.phoneMin');
  });

  it('password at least 6, confirmation equal, terms accepted', () => {
    expect(validateRegister({ ...valid, password: '12345', confirmPassword: '12345' }).password).toBe(
      'validation.passwordMin',
    );
    expect(
      validateRegister({ ...valid, password: '123456', confirmPassword: '123457' }).confirmPassword,
    ).toBe('validation.confirmPassword');
    expect(validateRegister({ ...valid, terms: false })).toEqual({ terms: 'validation.terms' });
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

import { describe, expect, it } from 'vitest';
import { validateReset } from './validation';

const ok = { email: 'a@example.com', key: 'k3y', password: 'secret1', confirmPassword: 'secret1' };

describe('reset password validation', () => {
  it('accepts a complete form', () => {
    expect(validateReset(ok)).toEqual({});
  });

  it('names every problem', () => {
    expect(validateReset({ email: 'nope', key: '  ', password: '123', confirmPassword: '1234' })).toEqual({
      email: 'validation.emailInvalid',
      key: 'validation.required',
      password: 'validation.passwordMin',
      confirmPassword: 'validation.confirmPassword',
    });
    expect(validateReset({ ...ok, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: 'validation.confirmPassword',
    });
    expect(validateReset({ ...ok, password: '', confirmPassword: '' })).toEqual({
      password: 'validation.passwordMin',
      confirmPassword: 'validation.confirmPassword',
    });
    expect(validateReset({ ...ok, password: '123456', confirmPassword: '123456' })).toEqual({});
  });
});

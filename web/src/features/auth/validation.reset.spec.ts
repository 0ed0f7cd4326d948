import { schemaResolver } from '@mantine/form';
import { resetPasswordForm } from '@shelfscan/validation';
import { describe, expect, it } from 'vitest';

/** The reset form's rules as the form runs them: @mantine/form's resolver over the shared schema. */
const validateReset = schemaResolver(resetPasswordForm, { sync: true });

const ok = { email: 'a@example.com', key: 'k3y', password: 'secret1', confirmPassword: 'secret1' };

describe('reset password validation', () => {
  it('accepts a complete form', () => {
    expect(validateReset(ok)).toEqual({});
  });

  it('names every problem', () => {
    expect(validateReset({ email: 'nope', key: '  ', password: '123', confirmPassword: '1234' })).toEqual({
      email: 'emailInvalid',
      key: 'keyRequired',
      password: 'passwordMin',
      confirmPassword: 'confirmPassword',
    });
    expect(validateReset({ ...ok, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: 'confirmPassword',
    });
    expect(validateReset({ ...ok, password: '', confirmPassword: '' })).toEqual({
      password: 'passwordMin',
      confirmPassword: 'confirmPassword',
    });
    expect(validateReset({ ...ok, password: 'n3w-secret', confirmPassword: 'n3w-secret' })).toEqual({});
  });
});

import { useEffect, useRef, useState } from 'react';
import { Button, Center, Loader, Stack } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../app/locale';
import { useActivateMutation } from '../api/authApi';
import { ApiMessage } from '../components/ApiMessage';
import { AuthHeader } from '../components/AuthHeader';

/** The verification outcomes the back end redirects to (product spec part 8). */
export const VERIFICATION_TYPES = {
  'register-verification-success': { kind: 'success', next: '/auth/login' },
  'register-verification-fail': { kind: 'error', next: '/auth/register' },
  'reset-password-success': { kind: 'success', next: '/auth/resetpassword' },
  registerConfirmValidationError: { kind: 'error', next: '/auth/register' },
} as const;

type VerificationType = keyof typeof VERIFICATION_TYPES;

function isVerificationType(value: string | undefined): value is VerificationType {
  return !!value && Object.prototype.hasOwnProperty.call(VERIFICATION_TYPES, value);
}

/**
 * The emailed activation link: /auth/register-verification?email=&key= activates the account with
 * the code in `key` and shows register-verification-success or -fail.
 */
function RegisterVerification() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const [activate] = useActivateMutation();
  const email = params.get('email')?.trim() ?? '';
  const key = params.get('key')?.trim() ?? '';
  const complete = !!email && !!key;
  const [outcome, setOutcome] = useState<'pending' | 'success' | 'fail'>(complete ? 'pending' : 'fail');
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !complete) return;
    started.current = true;
    activate({ email, code: key })
      .unwrap()
      .then(
        () => setOutcome('success'),
        () => setOutcome('fail'),
      );
  }, [activate, complete, email, key]);

  return (
    <Stack>
      <AuthHeader title={t('verification.title')} />
      {outcome === 'pending' ? (
        <Center py="md">
          <Loader size="sm" data-testid="verification-pending" />
        </Center>
      ) : (
        <ApiMessage kind={outcome === 'success' ? 'success' : 'error'} testId="verification-message">
          {t(`verification.register-verification-${outcome}`)}
        </ApiMessage>
      )}
      <Button component={LocaleLink} to="/auth/login" variant="light" data-testid="verification-login">
        {t('verification.next.register-verification-success')}
      </Button>
    </Stack>
  );
}

export function VerificationPage() {
  const { t } = useTranslation('auth');
  const { verificationtype } = useParams();
  if (verificationtype === 'register-verification') return <RegisterVerification />;
  if (!isVerificationType(verificationtype)) {
    return (
      <Stack>
        <AuthHeader title={t('verification.title')} />
        <ApiMessage kind="error" testId="verification-message">
          {t('verification.unknown')}
        </ApiMessage>
        <Button component={LocaleLink} to="/auth/login" variant="light">
          {t('common.backToLogin')}
        </Button>
      </Stack>
    );
  }
  const { kind, next } = VERIFICATION_TYPES[verificationtype];
  return (
    <Stack>
      <AuthHeader title={t('verification.title')} />
      <ApiMessage kind={kind} testId="verification-message">
        {t(`verification.${verificationtype}`)}
      </ApiMessage>
      <Button component={LocaleLink} to={next} variant="light">
        {t(`verification.next.${verificationtype}`)}
      </Button>
    </Stack>
  );
}

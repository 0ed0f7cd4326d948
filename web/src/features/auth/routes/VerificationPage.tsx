import { Button, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../app/locale';
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

export function VerificationPage() {
  const { t } = useTranslation('auth');
  const { verificationtype } = useParams();
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

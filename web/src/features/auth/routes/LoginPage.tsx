import { useTranslation } from 'react-i18next';
import { AuthHeader } from '../components/AuthHeader';
import { LoginForm } from '../components/LoginForm';

export function LoginPage() {
  const { t } = useTranslation('auth');
  return (
    <>
      <AuthHeader title={t('login.title')} subtitle={t('login.subtitle')} />
      <LoginForm />
    </>
  );
}

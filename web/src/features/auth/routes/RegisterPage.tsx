import { useTranslation } from 'react-i18next';
import { AuthHeader } from '../components/AuthHeader';
import { RegisterForm } from '../components/RegisterForm';

export function RegisterPage() {
  const { t } = useTranslation('auth');
  return (
    <>
      <AuthHeader title={t('register.title')} subtitle={t('register.subtitle')} />
      <RegisterForm />
    </>
  );
}

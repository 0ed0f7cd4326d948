import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../app/layouts/PageShell';
import { LocaleLink } from '../../../app/locale';

/** /page: the spec does not say what it shows; a plain information page until it does. */
export function GenericPage() {
  const { t } = useTranslation('landing');
  return (
    <PageShell title={t('page.title')} size="md">
      <Text mb="lg">{t('page.text')}</Text>
      <Button component={LocaleLink} to="/" variant="light">
        {t('page.back')}
      </Button>
    </PageShell>
  );
}

import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../app/locale';

/** /errors/notfound and every unmatched route. */
export function NotFoundPage() {
  const { t } = useTranslation('errors');
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={72} fw={800} c="dimmed" lh={1}>
          404
        </Text>
        <Title order={1} size="h2" data-testid="not-found-title">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={LocaleLink} to="/" variant="light">
          {t('backHome')}
        </Button>
      </Stack>
    </Container>
  );
}

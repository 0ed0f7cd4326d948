import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../app/locale';

export function SomethingWentWrongPage() {
  const { t } = useTranslation('errors');
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={72} fw={800} c="dimmed" lh={1}>
          500
        </Text>
        <Title order={1} size="h2" data-testid="something-went-wrong-title">
          {t('somethingWentWrong.title')}
        </Title>
        <Text c="dimmed">{t('somethingWentWrong.text')}</Text>
        <Group>
          <Button variant="default" onClick={() => window.history.back()}>
            {t('goBack')}
          </Button>
          <Button component={LocaleLink} to="/" variant="light">
            {t('backHome')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

import { Suspense } from 'react';
import { Anchor, Box, Container, Group, Paper } from '@mantine/core';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch, LocaleLink } from '../locale';
import { Brand } from './Brand';
import { PageFallback } from './PageFallback';

/** Layout of the unauthenticated pages: login, register, forgot/reset password, verification. */
export function PublicLayout() {
  const { t } = useTranslation('common');
  return (
    <Box mih="100vh" bg="gray.0" py={40}>
      <Container size={480}>
        <Group justify="space-between" mb="lg">
          <Brand />
          <LanguageSwitch />
        </Group>
        <Paper withBorder shadow="sm" radius="md" p="xl">
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </Paper>
        <Group justify="center" gap="md" mt="md">
          <Anchor component={LocaleLink} to="/security" size="xs" c="dimmed">
            {t('footer.security')}
          </Anchor>
          <Anchor component={LocaleLink} to="/privacy" size="xs" c="dimmed">
            {t('footer.privacy')}
          </Anchor>
        </Group>
      </Container>
    </Box>
  );
}

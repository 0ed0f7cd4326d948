import { Anchor, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../locale';
import { useSession } from '../useSession';
import { IyzicoBadge } from './IyzicoBadge';

export function Footer() {
  const { t } = useTranslation('common');
  const { loggedIn } = useSession();
  return (
    <footer style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg" py="md">
        <Group justify="space-between" gap="sm">
          <Group gap="md">
            <Anchor component={LocaleLink} to="/security" size="sm" data-testid="footer-security">
              {t('footer.security')}
            </Anchor>
            <Anchor component={LocaleLink} to="/privacy" size="sm" data-testid="footer-privacy">
              {t('footer.privacy')}
            </Anchor>
          </Group>
          <Group gap="md">
            {!loggedIn && <IyzicoBadge label={t('footer.paymentProvider')} />}
            <Text size="xs" c="dimmed">
              © {new Date().getFullYear()} ShelfScan
            </Text>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}

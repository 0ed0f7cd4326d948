import { Suspense, type ReactNode } from 'react';
import { Anchor, Burger, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../lib/lazy';
import { LanguageSwitch, LocaleLink, useLocalePath } from '../locale';
import { useSession } from '../useSession';
import { SECTION_ANCHORS } from './navItems';
import { Brand } from './Brand';

// A logged-in user's items, with the menu and tooltip code they need, are not in a visitor's first load.
const UserNav = lazyNamed(() => import('./UserNav'), 'UserNav');

interface NavbarProps {
  mobileOpened: boolean;
  onToggleMobile: () => void;
  onOpenFilter: () => void;
  /** Shown beside the menu button on small screens (the contact button). */
  contact?: ReactNode;
}

export function Navbar({ mobileOpened, onToggleMobile, onOpenFilter, contact }: NavbarProps) {
  const { t } = useTranslation('common');
  const { loggedIn } = useSession();
  const localePath = useLocalePath();

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" component="nav" aria-label={t('nav.label')}>
      <Brand />
      <Group gap="xs" visibleFrom="md" wrap="nowrap">
        {loggedIn ? (
          <Suspense fallback={null}>
            <UserNav onOpenFilter={onOpenFilter} />
          </Suspense>
        ) : (
          <>
            {SECTION_ANCHORS.slice(1, 6).map((s) => (
              <Anchor key={s.id} href={`${localePath('/')}#${s.id}`} size="sm" c="dimmed" px={6}>
                {t(s.key)}
              </Anchor>
            ))}
            <LanguageSwitch />
            <Button component={LocaleLink} to="/auth/login" variant="default" data-testid="nav-login">
              {t('nav.login')}
            </Button>
            <Button component={LocaleLink} to="/auth/register" data-testid="nav-register">
              {t('nav.register')}
            </Button>
          </>
        )}
      </Group>
      <Group gap="sm" hiddenFrom="md" wrap="nowrap">
        {contact}
        <Burger
          opened={mobileOpened}
          onClick={onToggleMobile}
          aria-label={t('nav.menu')}
          data-testid="nav-burger"
        />
      </Group>
    </Group>
  );
}

import type { ReactNode } from 'react';
import { Anchor, Avatar, Burger, Button, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconFilter, IconLogout, IconUser } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isRootPath } from '../../lib/locale';
import { useGetCurrentUserQuery } from '../userApi';
import { LanguageSwitch, LocaleLink, useLocalePath } from '../locale';
import { useLogout, useSession } from '../useSession';
import { ADMIN_NAV, SECTION_ANCHORS, USER_NAV } from './navItems';
import { Brand } from './Brand';

interface NavbarProps {
  mobileOpened: boolean;
  onToggleMobile: () => void;
  onOpenFilter: () => void;
  /** Shown beside the menu button on small screens (the contact button). */
  contact?: ReactNode;
}

export function Navbar({ mobileOpened, onToggleMobile, onOpenFilter, contact }: NavbarProps) {
  const { t } = useTranslation('common');
  const { loggedIn, admin, user } = useSession();
  const logout = useLogout();
  const localePath = useLocalePath();
  const { pathname } = useLocation();
  // Shares the index layout's current-user query (same arguments, same skip rule): the avatar shows its photo.
  const { data: currentUser } = useGetCurrentUserQuery(undefined, {
    skip: !loggedIn || isRootPath(pathname),
  });
  const imageUrl = currentUser?.imageUrl || null;

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" component="nav" aria-label={t('nav.label')}>
      <Brand />
      <Group gap="xs" visibleFrom="md" wrap="nowrap">
        {loggedIn ? (
          <>
            {USER_NAV.map((item) => (
              <Button
                key={item.to}
                component={LocaleLink}
                to={item.to}
                variant="subtle"
                data-testid={item.testId}
              >
                {t(item.key)}
              </Button>
            ))}
            {admin && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button
                    variant="subtle"
                    rightSection={<IconChevronDown size={14} />}
                    data-testid="nav-admin"
                  >
                    {t('nav.admin')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {ADMIN_NAV.map((item) => (
                    <Menu.Item key={item.to} component={LocaleLink} to={item.to} data-testid={item.testId}>
                      {t(item.key)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            )}
            <Tooltip label={t('nav.filterTool')}>
              <Button
                variant="subtle"
                onClick={onOpenFilter}
                leftSection={<IconFilter size={16} />}
                data-testid="nav-filter-tool"
              >
                {t('nav.filterToolShort')}
              </Button>
            </Tooltip>
            <UnstyledButton
              component={LocaleLink}
              to="/account"
              data-testid="nav-account"
              aria-label={t('nav.account')}
            >
              <Group gap={4} wrap="nowrap">
                {imageUrl ? (
                  <Avatar src={imageUrl} size={28} radius="xl" alt="" data-testid="nav-avatar" />
                ) : (
                  <IconUser size={16} />
                )}
                <Text size="sm" maw={220} truncate>
                  {user?.sub}
                </Text>
              </Group>
            </UnstyledButton>
            <LanguageSwitch />
            <Button
              variant="light"
              color="gray"
              onClick={logout}
              leftSection={<IconLogout size={16} />}
              data-testid="nav-logout"
            >
              {t('nav.logout')}
            </Button>
          </>
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

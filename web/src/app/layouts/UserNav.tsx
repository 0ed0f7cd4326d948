import type { ReactNode } from 'react';
import { Avatar, Box, Button, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconFilter, IconLogout, IconUser } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isRootPath } from '../../lib/locale';
import { useGetCurrentUserQuery } from '../userApi';
import { LanguageSwitch, LocaleLink } from '../locale';
import { useLogout, useSession } from '../useSession';
import { ADMIN_NAV, USER_NAV } from './navItems';

/**
 * The navbar's items for a logged-in user (wide screens): their pages, the admin menu, the filter
 * tool, the account with their photo, the language switch and logout. A chunk of its own (the menu
 * and the tooltip bring floating-ui), loaded by the Navbar only when someone is logged in.
 */
export function UserNav({ onOpenFilter }: { onOpenFilter: () => void }) {
  const { t } = useTranslation('common');
  const { admin, user } = useSession();
  const logout = useLogout();
  const { pathname } = useLocation();
  // Shares the index layout's current-user query (same arguments, same skip rule): the avatar shows its photo.
  const { data: currentUser } = useGetCurrentUserQuery(undefined, { skip: isRootPath(pathname) });
  const imageUrl = currentUser?.imageUrl || null;

  return (
    <>
      {USER_NAV.map((item) => (
        <Button
          key={item.to}
          component={LocaleLink}
          to={item.to}
          variant="subtle"
          px="sm"
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
              px="sm"
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
        <RowButton
          variant="subtle"
          onClick={onOpenFilter}
          icon={<IconFilter size={16} />}
          name={t('nav.filterTool')}
          words={t('nav.filterToolShort')}
          testId="nav-filter-tool"
        />
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
          {/* The address only where the row has room for it (see RowButton). */}
          <Text size="sm" maw={220} truncate visibleFrom="xl">
            {user?.sub}
          </Text>
        </Group>
      </UnstyledButton>
      <LanguageSwitch />
      <RowButton
        variant="light"
        color="gray"
        onClick={logout}
        icon={<IconLogout size={16} />}
        name={t('nav.logout')}
        words={t('nav.logout')}
        testId="nav-logout"
      />
    </>
  );
}

/**
 * A button of the row whose words show only from Mantine's xl up, where the row has room for them: an
 * admin's Turkish row ran past a 1,280 px window. Below that its icon stays, named for screen readers.
 */
function RowButton({
  icon,
  name,
  words,
  testId,
  ...button
}: {
  icon: ReactNode;
  name: string;
  words: string;
  testId: string;
  variant: string;
  color?: string;
  onClick: () => void;
}) {
  return (
    <Button {...button} leftSection={icon} aria-label={name} data-testid={testId}>
      <Box component="span" visibleFrom="xl">
        {words}
      </Box>
    </Button>
  );
}

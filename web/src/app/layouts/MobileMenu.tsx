import { Button, Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { IconFilter, IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch, LocaleLink, useLocalePath } from '../locale';
import { useLogout, useSession } from '../useSession';
import { ADMIN_NAV, SECTION_ANCHORS, USER_NAV } from './navItems';

interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
  onOpenFilter: () => void;
}

/** The mobile side menu: the same entries as the navigation bar. */
export function MobileMenu({ opened, onClose, onOpenFilter }: MobileMenuProps) {
  const { t } = useTranslation('common');
  const { loggedIn, admin, user } = useSession();
  const logout = useLogout();
  const localePath = useLocalePath();

  return (
    <Drawer opened={opened} onClose={onClose} title={t('nav.menu')} size="xs" position="left" hiddenFrom="md">
      <Stack gap={4}>
        {loggedIn ? (
          <>
            {USER_NAV.map((item) => (
              <NavLink
                key={item.to}
                component={LocaleLink}
                to={item.to}
                label={t(item.key)}
                onClick={onClose}
              />
            ))}
            {admin && (
              <NavLink label={t('nav.admin')} defaultOpened childrenOffset={16}>
                {ADMIN_NAV.map((item) => (
                  <NavLink
                    key={item.to}
                    component={LocaleLink}
                    to={item.to}
                    label={t(item.key)}
                    onClick={onClose}
                  />
                ))}
              </NavLink>
            )}
            <NavLink
              label={t('nav.filterTool')}
              leftSection={<IconFilter size={16} />}
              onClick={() => {
                onClose();
                onOpenFilter();
              }}
            />
            <NavLink
              component={LocaleLink}
              to="/account"
              leftSection={<IconUser size={16} />}
              label={
                <Text size="sm" truncate>
                  {user?.sub}
                </Text>
              }
              onClick={onClose}
            />
            <Divider my="xs" />
            <LanguageSwitch onSwitched={onClose} />
            <Button
              variant="light"
              color="gray"
              leftSection={<IconLogout size={16} />}
              onClick={() => {
                onClose();
                logout();
              }}
            >
              {t('nav.logout')}
            </Button>
          </>
        ) : (
          <>
            {SECTION_ANCHORS.map((s) => (
              <NavLink key={s.id} href={`${localePath('/')}#${s.id}`} label={t(s.key)} onClick={onClose} />
            ))}
            <Divider my="xs" />
            <NavLink component={LocaleLink} to="/auth/login" label={t('nav.login')} onClick={onClose} />
            <NavLink component={LocaleLink} to="/auth/register" label={t('nav.register')} onClick={onClose} />
            <LanguageSwitch onSwitched={onClose} />
          </>
        )}
      </Stack>
    </Drawer>
  );
}

import { Suspense, useState } from 'react';
import { Box, Drawer, em, px, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../lib/lazy';
import { isRootPath } from '../../lib/locale';
import { withTexts } from '../i18n';
import { useGetCurrentUserQuery } from '../userApi';
import { useSession } from '../useSession';
import { Footer } from './Footer';
import { MobileMenu } from './MobileMenu';
import { Navbar } from './Navbar';
import { PageFallback } from './PageFallback';

export const FILTER_PANEL_WIDTH = 550;

// Loaded when the panel is first opened: its code (the set operations, the number inputs) and its
// texts are not part of a page's first load.
const loadFilterTool = withTexts(
  () => import('../../features/filter-tool/components/FilterToolPanel'),
  'filter-tool',
);
const FilterToolPanel = lazyNamed(loadFilterTool, 'FilterToolPanel');
// Logged-in users only: its menu (floating-ui) is not in a visitor's first load.
const ContactButton = lazyNamed(() => import('./ContactButton'), 'ContactButton');

/** Top navigation, footer, the ASIN filter side panel and the contact button. */
export function IndexLayout() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const { loggedIn } = useSession();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [filterOpened, setFilterOpened] = useState(false);
  // Below the md breakpoint (the burger's), the contact button sits in the header: floating, it
  // would cover the scan cards of a phone-wide page. The query is Mantine's own for hiddenFrom="md"
  // (the header's group hides from the breakpoint itself), so the button is never in neither place.
  const theme = useMantineTheme();
  const small = useMediaQuery(`(max-width: ${em(Number(px(theme.breakpoints.md)) - 0.1)})`);
  // The current user is loaded on every page of this layout except the landing page.
  useGetCurrentUserQuery(undefined, { skip: !loggedIn || isRootPath(pathname) });

  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" h={64} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Navbar
          mobileOpened={mobileOpened}
          onToggleMobile={mobile.toggle}
          onOpenFilter={() => setFilterOpened(true)}
          contact={
            loggedIn && small ? (
              <Suspense fallback={null}>
                <ContactButton inline />
              </Suspense>
            ) : undefined
          }
        />
      </Box>
      <MobileMenu opened={mobileOpened} onClose={mobile.close} onOpenFilter={() => setFilterOpened(true)} />
      <Box component="main" style={{ flex: 1 }}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <Drawer
        opened={filterOpened}
        onClose={() => setFilterOpened(false)}
        position="right"
        size={FILTER_PANEL_WIDTH}
        title={t('nav.filterTool')}
        data-testid="filter-drawer"
      >
        <Suspense fallback={<PageFallback />}>
          <FilterToolPanel />
        </Suspense>
      </Drawer>
      {loggedIn && !small && (
        <Suspense fallback={null}>
          <ContactButton />
        </Suspense>
      )}
    </Box>
  );
}

import { Suspense, useState } from 'react';
import { Box, em, px, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { lazyNamed } from '../../lib/lazy';
import { isRootPath } from '../../lib/locale';
import { useGetCurrentUserQuery } from '../userApi';
import { useSession } from '../useSession';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { PageFallback } from './PageFallback';

// The side menu and the filter panel are drawers (a modal, its focus trap and scroll lock, a scroll
// area with floating-ui): their code loads when one is first opened, not with every page.
const MobileMenu = lazyNamed(() => import('./MobileMenu'), 'MobileMenu');
const FilterDrawer = lazyNamed(() => import('./FilterDrawer'), 'FilterDrawer');
// Logged-in users only: its menu (floating-ui) is not in a visitor's first load.
const ContactButton = lazyNamed(() => import('./ContactButton'), 'ContactButton');

/**
 * Whether `opened` has been true: a drawer is mounted from its first opening on, and stays mounted so
 * that it closes with its transition.
 */
function useOpenedOnce(opened: boolean): boolean {
  const [used, setUsed] = useState(opened);
  if (opened && !used) setUsed(true);
  return used || opened;
}

/** Top navigation, footer, the ASIN filter side panel and the contact button. */
export function IndexLayout() {
  const { pathname } = useLocation();
  const { loggedIn } = useSession();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [filterOpened, setFilterOpened] = useState(false);
  const mobileUsed = useOpenedOnce(mobileOpened);
  const filterUsed = useOpenedOnce(filterOpened);
  const openFilter = () => setFilterOpened(true);
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
          onOpenFilter={openFilter}
          contact={
            loggedIn && small ? (
              <Suspense fallback={null}>
                <ContactButton inline />
              </Suspense>
            ) : undefined
          }
        />
      </Box>
      {mobileUsed && (
        <Suspense fallback={null}>
          <MobileMenu opened={mobileOpened} onClose={mobile.close} onOpenFilter={openFilter} />
        </Suspense>
      )}
      <Box component="main" style={{ flex: 1 }}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      {filterUsed && (
        <Suspense fallback={null}>
          <FilterDrawer opened={filterOpened} onClose={() => setFilterOpened(false)} />
        </Suspense>
      )}
      {loggedIn && !small && (
        <Suspense fallback={null}>
          <ContactButton />
        </Suspense>
      )}
    </Box>
  );
}

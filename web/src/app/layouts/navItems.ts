/** The navigation entries shared by the desktop bar and the mobile side menu. */
export interface NavEntry {
  key: string;
  to: string;
  testId: string;
}

export const USER_NAV: NavEntry[] = [
  { key: 'nav.dashboard', to: '/dashboard', testId: 'nav-dashboard' },
  { key: 'nav.trackers', to: '/trackers', testId: 'nav-trackers' },
  { key: 'nav.payment', to: '/payment', testId: 'nav-payment' },
];

export const ADMIN_NAV: NavEntry[] = [
  { key: 'nav.adminUsers', to: '/admin', testId: 'nav-admin-users' },
  { key: 'nav.adminSearchUrls', to: '/admin/search-urls', testId: 'nav-admin-search-urls' },
  { key: 'nav.adminPromotions', to: '/admin/promotions', testId: 'nav-admin-promotions' },
  { key: 'nav.adminSystemParameters', to: '/admin/system-parameters', testId: 'nav-admin-system-parameters' },
];

/** Anchors to the landing-page sections. */
export const SECTION_ANCHORS: { key: string; id: string }[] = [
  { key: 'sections.usedFor', id: 'used-for' },
  { key: 'sections.services', id: 'services' },
  { key: 'sections.markets', id: 'markets' },
  { key: 'sections.fee', id: 'fee' },
  { key: 'sections.about', id: 'about' },
  { key: 'sections.faq', id: 'faq' },
  { key: 'sections.contact', id: 'contact' },
];

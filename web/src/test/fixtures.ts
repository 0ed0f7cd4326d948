/**
 * One builder per resource of the gateway's API, in the shapes the web app reads (its API types),
 * for the answers of the fake gateway (./gateway). Each gives a typical value; a spec passes only
 * what its case is about.
 */
import type { ContactInfo } from '../app/contactApi';
import type { UserPlan } from '../app/billing/userPlanApi';
import type { Tracker, TrackerRun } from '../app/trackersApi';
import type { CurrentUser } from '../app/userApi';
import type { AdminPayment, AdminScan, AdminUser, Counters } from '../features/admin/model';
import type { Coverage, Quota, Todo } from '../features/dashboard/model';
import type { Breakdown, Payment, Plan, SavedCard } from '../features/payment/api/paymentApi';

/** The signed-in user (GET /api/account/user). */
export function account(over: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 5,
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    fullName: 'Ayşe Yılmaz',
    email: 'ayse@example.com',
    phone: '+905321234567',
    phoneVerified: false,
    userPlans: [],
    ...over,
  };
}

/** Where to reach support (GET /api/contact-info). */
export const contactInfo = (over: Partial<ContactInfo> = {}): ContactInfo => ({
  whatsapp: '+905321234567',
  supportEmail: 'help@shelfscan.test',
  ...over,
});

/** A finished scan's coverage facts: 60 ASINs of the 60 Amazon reports, unless `over` says otherwise. */
export const coverageFacts = (over: Partial<Coverage> = {}): Coverage => ({
  found: 60,
  reported: 60,
  reportedIsLowerBound: false,
  filtered: false,
  listLimit: 2720,
  stoppedAtListLimit: false,
  unpricedMissing: 0,
  unpricedMissingEstimated: false,
  unreached: 0,
  asinCheck: null,
  ...over,
});

/** A scan of the dashboard lists (GET /api/search-info/{state}): a completed standard scan. */
export function todo(over: Partial<Todo> & Pick<Todo, 'id'>): Todo {
  return {
    searchType: 'standard',
    state: 'completed',
    status: 'COMPLETED',
    fileName: `scan ${over.id}`,
    storeUrl: 'https://www.amazon.ca/s?me=A1B2C3',
    sellerId: 'A1B2C3',
    keyword: null,
    market: 'CA',
    categories: [],
    minPrice: null,
    maxPrice: null,
    minStar: null,
    maxStar: null,
    amazonChoice: false,
    bestSeller: false,
    searchDate: '2026-03-05T09:07:00',
    searchCompleteDate: null,
    searchCancelDate: null,
    asinCount: 0,
    reportedTotal: null,
    coverage: null,
    failureReason: null,
    failureCode: null,
    progress: null,
    asinListSize: null,
    ...over,
  };
}

/** The scans left today and this month (GET /api/search-info/quota), with every plan. */
export const quota = (over: Partial<Quota> = {}): Quota => ({
  plans: { standard: true, deep: true, functional: true },
  standard: { dayUsed: 3, dayLimit: 15, monthUsed: 40, monthLimit: 450 },
  deep: { dayUsed: 1, dayLimit: 5 },
  listLimit: 2720,
  nextDayAt: '2026-11-24T00:00:00+03:00',
  ...over,
});

/** The plan catalogue (GET /api/plan): standard, deep and functional. */
export const catalogue = (): Plan[] =>
  (
    [
      ['standard', 15, 450],
      ['deep', 5, 0],
      ['functional', 15, 450],
    ] as const
  ).map(([feature, daily, monthly]) => ({
    planCode: feature,
    feature,
    description: `${feature} (server text)`,
    price: '10.00',
    currency: 'USD',
    dailySearchLimit: daily,
    monthlySearchLimit: monthly,
    asinLimit: 2720,
  }));

/** One of the user's plans (GET /api/user-plan): an active standard month. */
export function userPlan(over: Partial<UserPlan> = {}): UserPlan {
  return {
    id: 'sub-1',
    features: ['standard'],
    trial: false,
    status: 'active',
    startDate: '2026-11-24',
    endDate: '2026-12-01',
    autoRenew: true,
    ...over,
  };
}

/** The saved card (GET /api/card). */
export const savedCard = (over: Partial<SavedCard> = {}): SavedCard => ({
  id: '8c1f2d3e-0000-4000-8000-000000000001',
  cardAlias: 'Ayş',
  cardHolderName: 'Ayşe Yılmaz',
  lastFourDigits: '0008',
  cardAssociation: 'MASTER_CARD',
  expireMonth: '07',
  expireYear: '2030',
  ...over,
});

/** A price in dollars and lira at the central bank's rate (POST /api/promotion/summary). */
export function breakdown(over: Partial<Breakdown> = {}): Breakdown {
  return {
    usd: '2.33',
    discountUsd: '0.00',
    netUsd: '2.33',
    usdCents: 233,
    discountUsdCents: 0,
    netUsdCents: 233,
    rate: '7.9073',
    bulletinDate: '2020-10-08',
    try: '18.42',
    tryKurus: 1842,
    daysCharged: 7,
    daysInMonth: 30,
    ...over,
  };
}

/** A payment of the history (GET /api/payment/history[/{conversationId}]): succeeded, invoiced. */
export function payment(over: Partial<Payment> = {}): Payment {
  return {
    conversationId: 'c0ffee00-1111-4222-8333-444455556666',
    date: '2026-11-24T09:07:00.000Z',
    amount: '13.82',
    currency: 'TRY',
    usd: '2.33',
    discountUsd: '0.58',
    rate: '7.9073',
    bulletinDate: '2020-10-08',
    status: 'succeeded',
    invoiceStatus: 'final',
    invoiceNumber: 7,
    description: 'ShelfScan standard 2026-11',
    features: ['standard'],
    period: '2026-11',
    errorMessage: null,
    // 13.82 TRY with 20 % included: 2.303… → 2.30
    vatPercent: '20',
    vat: '2.30',
    ...over,
  };
}

/** The admin home's counters (GET /api/admin/counters). */
export const counters = (over: Partial<Counters> = {}): Counters => ({
  totalUsers: 1234,
  activeDeepUsers: 12,
  activeStandardUsers: 345,
  freeStandardPlans: 7,
  standardPlanCount: 350,
  deepFeatureCount: 13,
  functionalFeatureCount: 4,
  notRenewedCount: 21,
  remainingDeepSearchCount: 40,
  remainingStandardSearchCount: 5100,
  trackedScansToday: 1500,
  ...over,
});

/** A user of the admin lists (GET /api/admin/users). */
export function adminUser(over: Partial<AdminUser> & Pick<AdminUser, 'email'>): AdminUser {
  return {
    userId: `id-${over.email}`,
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    createdAt: '2026-03-05T09:07:00Z',
    activated: true,
    activatedAt: '2026-03-05T09:10:00Z',
    membershipActive: true,
    planActive: false,
    ...over,
  };
}

/** A scan of the admin list (GET /api/search-info): the dashboard's scan, finished, with its owner. */
export function adminScan(over: Partial<AdminScan> & Pick<AdminScan, 'id'>): AdminScan {
  return todo({ searchDate: '2026-03-05T09:07:00Z', asinCount: 120, userEmail: 'ayse@example.com', ...over });
}

/**
 * A payment of the admin lists (GET /api/admin/payment/history[/{conversationId}]): the user's
 * payment (without the VAT lines) with its owner and what was given back.
 */
export function adminPayment(over: Partial<AdminPayment> = {}): AdminPayment {
  const { vat: _vat, vatPercent: _vatPercent, ...paid } = payment();
  return { ...paid, userEmail: 'ayse@example.com', refunded: '0.00', refunds: [], ...over };
}

/** A run of a tracker (GET /api/trackers/{id}/runs): a complete run that added 3 and removed 1. */
export function trackerRun(over: Partial<TrackerRun> & Pick<TrackerRun, 'id'>): TrackerRun {
  return {
    scanId: `scan-${over.id}`,
    status: 'COMPLETED',
    startedAt: '2026-11-28T03:00:00Z',
    finishedAt: '2026-11-28T03:12:00Z',
    coverage: 0.99,
    complete: true,
    baseline: false,
    found: 120,
    added: ['B0ADD00001', 'B0ADD00002', 'B0ADD00003'],
    removed: ['B0DEL00001'],
    addedCount: 3,
    removedCount: 1,
    notSeen: 0,
    aboveLimit: false,
    ...over,
  };
}

/** A tracked store (GET /api/trackers): daily at 06:00 Istanbul time, standard, on amazon.ca, never run. */
export function tracker(over: Partial<Tracker> & Pick<Tracker, 'id'>): Tracker {
  return {
    storeUrl: 'https://www.amazon.ca/s?me=A1RIVALSTORE1',
    market: 'CA',
    searchType: 'standard',
    keyword: null,
    fileName: `store ${over.id}`,
    schedule: 'daily',
    hour: 6,
    weekday: null,
    paused: false,
    alerts: { email: true, webhook: false, telegram: false },
    createdAt: '2026-11-20T09:00:00Z',
    nextRunAt: '2026-11-29T03:00:00Z',
    running: false,
    present: 0,
    ever: 0,
    lastRun: null,
    ...over,
  };
}

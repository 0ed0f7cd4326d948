/**
 * The admin screens' data, as the gateway answers it (gateway/src/admin, billing and search; the
 * routes the backends are still adding are typed from the contract in the issue).
 */

/** A row of the users read model (GET /api/admin/users). */
export interface AdminUser {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** RFC 3339; empty when not known. */
  createdAt: string;
  activated: boolean;
  activatedAt: string;
  membershipActive: boolean;
  /** Holds a plan usable now. */
  planActive: boolean;
}

export interface AdminUserPlan {
  subscriptionId: string;
  features: string[];
  trial: boolean;
  periodStart: string;
  periodEnd: string;
  /** active, cancelled (usable until periodEnd) or expired. */
  status: string;
  expiredReason?: string;
}

/** An invoice of the user detail (amounts in minor units: USD cents, TRY kuruş). */
export interface AdminInvoice {
  invoiceId: string;
  invoiceNumber: number | string;
  conversationId: string;
  period: string;
  usdCents: number;
  discountUsdCents: number;
  rate: string | number | null;
  bulletinDate: string | null;
  tryKurus: number;
  refundedTryKurus: number;
  finalizedAt: string;
}

export interface ScanSummary {
  standard: number;
  deep: number;
  functional: number;
  failed: number;
  lastScanAt: string | null;
}

/** GET /api/admin/users/:email */
export interface AdminUserDetail extends AdminUser {
  phone?: string;
  roles?: string[];
  plans?: AdminUserPlan[];
  invoices?: AdminInvoice[];
  scans?: ScanSummary;
}

/** GET /api/admin/users/:email/activity */
export interface Activity {
  at: string;
  type: string;
  summary: string;
}

/** GET /api/admin/counters (definitions: services/admin/README.md). */
export interface Counters {
  totalUsers: number;
  activeDeepUsers: number;
  activeStandardUsers: number;
  freeStandardPlans: number;
  standardPlanCount: number;
  deepFeatureCount: number;
  functionalFeatureCount: number;
  notRenewedCount: number;
  remainingDeepSearchCount: number;
  remainingStandardSearchCount: number;
}

export const COUNTER_KEYS: readonly (keyof Counters)[] = [
  'totalUsers',
  'activeDeepUsers',
  'activeStandardUsers',
  'freeStandardPlans',
  'standardPlanCount',
  'deepFeatureCount',
  'functionalFeatureCount',
  'notRenewedCount',
  'remainingDeepSearchCount',
  'remainingStandardSearchCount',
];

/** GET /api/admin/charts?from=&to= */
export interface Charts {
  scansPerDay: { date: string; standard: number; deep: number; functional: number }[];
  signupsPerDay: { date: string; count: number }[];
  revenuePerMonth: { month: string; tryKurus: number }[];
  failuresByReason: { reason: string; count: number }[];
}

/** GET /api/admin/contact-messages */
export interface ContactMessage {
  id: string;
  email: string;
  name: string;
  subject: string;
  message: string;
  createdAt: string;
  /** Empty until mailed to the support address. */
  mailedAt: string;
}

export interface SystemParameter {
  key: string;
  description: string;
  value1: string;
  value2: string;
  value3: string;
}

/** GET /api/admin/system-parameter/changes: who, when, the list before and after. */
export interface ParameterChange {
  id: string;
  changedBy: string;
  changedAt: string;
  before: SystemParameter[];
  after: SystemParameter[];
}

export type PromotionType = 'AMOUNT' | 'PERCENT';

/** GET /api/promotion (value and minimum basket as decimal texts, USD or percent). */
export interface Promotion {
  id: string;
  code: string;
  description: string;
  value: string;
  type: PromotionType;
  minimumBasket: string;
  count: number;
  used: number;
  expiryDate: string | null;
  active: boolean;
}

/** What POST and PUT /api/promotion take (an id to update; `used` is billing's count). */
export type PromotionInput = Omit<Promotion, 'id' | 'used'> & { id?: string };

/** GET /api/admin/payment/history/:conversationId (amounts as decimal texts, TRY and USD). */
export interface AdminPayment {
  conversationId: string;
  date: string;
  amount: string;
  currency: string;
  usd: string;
  discountUsd: string;
  rate: string | number | null;
  bulletinDate: string | null;
  status: string;
  invoiceStatus: string;
  invoiceNumber: number | null;
  description: string;
  period: string;
  errorMessage: string | null;
  userEmail: string;
  /** TRY already refunded, when the answer carries it. */
  refundedTryKurus?: number;
}

export type ScanStatus = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'COMPLETED_PARTIAL' | 'CANCELED' | 'FAILED';

export const SCAN_STATUSES: readonly ScanStatus[] = [
  'PENDING',
  'PROCESSING',
  'COMPLETED',
  'COMPLETED_PARTIAL',
  'CANCELED',
  'FAILED',
];
export const SCAN_TYPES = ['standard', 'deep', 'FUNCTIONAL', 'asinCheck'] as const;

/** A scan of the admin search list (GET /api/search-info?all=true): the search API's Todo. */
export interface AdminScan {
  id: string;
  searchType: string;
  state: string;
  status: ScanStatus;
  fileName: string;
  storeUrl: string | null;
  market: string;
  searchDate: string;
  searchCompleteDate: string | null;
  searchCancelDate: string | null;
  asinCount: number;
  failureReason: string | null;
  failureCode: string | null;
  userEmail?: string;
}

/** The filters of the admin search list, kept in the URL query. */
export const SCAN_FILTER_KEYS = ['userEmail', 'type', 'status', 'market', 'q', 'from', 'to'] as const;
export type ScanFilters = Partial<Record<(typeof SCAN_FILTER_KEYS)[number], string>>;

/** What an admin may do to a scan's status (the search service's rule): cancel a running one, re-queue a failed one. */
export function statusChangeOf(status: ScanStatus): 'CANCELED' | 'PENDING' | null {
  if (status === 'PENDING' || status === 'PROCESSING') return 'CANCELED';
  if (status === 'FAILED') return 'PENDING';
  return null;
}

/** Rows per page of the admin lists. */
export const PAGE_SIZE = 20;

/**
 * The admin screens' data, as the gateway answers it (gateway/src/admin/admin.service.ts,
 * gateway/src/billing/billing.service.ts and gateway/src/search/search.service.ts shape each answer).
 * Amounts: minor units (numbers) from the admin read models, decimal texts from billing.
 */
import { FILTER_KEYS, type Filters, type Todo, type TodoStatus } from '../dashboard/model';

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
  /** RFC 3339 instants; periodEnd is the first moment it is no longer usable. */
  periodStart: string;
  periodEnd: string;
  /** active, cancelled (usable until periodEnd) or expired. */
  status: string;
  /** ended, not_renewed or revoked when expired; empty otherwise. */
  expiredReason: string;
  /** Set when an admin granted the plan by hand: who, and why; empty otherwise. */
  grantedBy: string;
  grantReason: string;
}

/** An invoice of the user detail (amounts in minor units: USD cents, TRY kuruş). */
export interface AdminInvoice {
  invoiceId: string;
  invoiceNumber: number;
  conversationId: string;
  period: string;
  usdCents: number;
  discountUsdCents: number;
  /** The central bank's USD selling rate (4 decimals) and its bulletin day. */
  rate: string;
  bulletinDate: string;
  tryKurus: number;
  refundedTryKurus: number;
  finalizedAt: string;
}

export interface ScanSummary {
  standard: number;
  deep: number;
  functional: number;
  failed: number;
  /** RFC 3339; empty when none. */
  lastScanAt: string;
}

/** GET /api/admin/users/:email */
export interface AdminUserDetail extends AdminUser {
  /** Empty when none. */
  phone: string;
  roles: string[];
  plans: AdminUserPlan[];
  /** Newest first. */
  invoices: AdminInvoice[];
  scans: ScanSummary;
}

/** GET /api/admin/users/:email/activity */
export interface Activity {
  at: string;
  type: string;
  /** The facts in one untranslated line (shown only for a type the page does not word). */
  summary: string;
  /** The facts by name (codes, ids, Istanbul days, months, kuruş): worded by useActivityDetail. */
  facts: Record<string, string>;
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
  /** Scans of tracked stores requested today (issue 18): their own kind, in none of the others. */
  trackedScansToday: number;
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
  'trackedScansToday',
];

/** GET /api/admin/charts?from=&to= */
export interface Charts {
  /** `tracked`: scans of tracked stores (issue 18), not in the other three. */
  scansPerDay: { date: string; standard: number; deep: number; functional: number; tracked?: number }[];
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
  /** Failed mail attempts so far (retried with backoff). */
  mailFailures: number;
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

/** A refund of a payment: a same-day `cancel` of the whole payment, or a `refund` (partial allowed). */
export interface PaymentRefund {
  kind: 'cancel' | 'refund';
  /** TRY, a decimal text. */
  amount: string;
  reason: string;
  refundedBy: string;
  date: string;
}

/** GET /api/admin/payment/history/:conversationId (amounts as decimal texts, TRY and USD). */
export interface AdminPayment {
  conversationId: string;
  date: string;
  /** TRY charged, VAT included. */
  amount: string;
  currency: string;
  usd: string;
  discountUsd: string;
  rate: string | null;
  bulletinDate: string | null;
  /** pending, succeeded, failed or unknown. */
  status: string;
  /** draft or final. */
  invoiceStatus: string;
  invoiceNumber: number | null;
  description: string;
  /** The plan's features: the invoice line is worded from them (useInvoiceLine). */
  features?: string[];
  period: string;
  errorMessage: string | null;
  userEmail: string;
  /** TRY already given back (cancel or refunds), a decimal text. */
  refunded: string;
  refunds: PaymentRefund[];
}

/** A scan's status: the dashboard's (the same search API). */
export type ScanStatus = TodoStatus;

/** A scan of the admin search list (GET /api/search-info?all=true): the search API's Todo. */
export type AdminScan = Pick<
  Todo,
  | 'id'
  | 'searchType'
  | 'state'
  | 'status'
  | 'fileName'
  | 'storeUrl'
  | 'market'
  | 'searchDate'
  | 'searchCompleteDate'
  | 'searchCancelDate'
  | 'asinCount'
  | 'failureReason'
  | 'failureCode'
  | 'userEmail'
>;

/** The filters of the admin search list, kept in the URL query: the dashboard's and the user. */
export const SCAN_FILTER_KEYS = ['userEmail', ...FILTER_KEYS] as const;
export type ScanFilters = Filters & { userEmail?: string };

/** What an admin may do to a scan's status (the search service's rule): cancel a running one, re-queue a failed one. */
export function statusChangeOf(status: ScanStatus): 'CANCELED' | 'PENDING' | null {
  if (status === 'PENDING' || status === 'PROCESSING') return 'CANCELED';
  if (status === 'FAILED') return 'PENDING';
  return null;
}

/** Rows per page of the admin lists. */
export const PAGE_SIZE = 20;

/** The admin payment list's filters (billing applies them): one user's, status, Istanbul days. */
export interface PaymentFilters {
  email?: string;
  status?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
}

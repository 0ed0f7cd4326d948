/**
 * @shelfscan/contracts — every message that crosses the bus, generated from `proto/` by buf
 * (protobuf-es), plus the registry the transports use to encode and decode by name.
 */
import type { DescMessage, DescMethod, DescService } from '@bufbuild/protobuf';
import { AuthService } from './gen/shelfscan/auth/v1/auth_pb.js';
import { TelegramService } from './gen/shelfscan/auth/v1/telegram_pb.js';
import * as authEvents from './gen/shelfscan/auth/v1/events_pb.js';
import { AdminService } from './gen/shelfscan/admin/v1/admin_pb.js';
import { BillingService } from './gen/shelfscan/billing/v1/billing_pb.js';
import { ScraperService } from './gen/shelfscan/scraper/v1/scans_pb.js';
import { SearchService } from './gen/shelfscan/search/v1/search_pb.js';
import { WebhooksService } from './gen/shelfscan/search/v1/webhooks_pb.js';
import * as scraperEvents from './gen/shelfscan/scraper/v1/events_pb.js';
import * as billingEvents from './gen/shelfscan/billing/v1/events_pb.js';
import * as adminEvents from './gen/shelfscan/admin/v1/events_pb.js';
import * as searchEvents from './gen/shelfscan/search/v1/events_pb.js';

export * from './gen/shelfscan/bus/v1/envelope_pb.js';
export * from './coverage.js';
export * as commonV1 from './gen/shelfscan/common/v1/caller_pb.js';
export * as authV1 from './gen/shelfscan/auth/v1/auth_pb.js';
export * as authEventsV1 from './gen/shelfscan/auth/v1/events_pb.js';
export * as telegramV1 from './gen/shelfscan/auth/v1/telegram_pb.js';
export * as scraperV1 from './gen/shelfscan/scraper/v1/scans_pb.js';
export * as scraperEventsV1 from './gen/shelfscan/scraper/v1/events_pb.js';
export * as searchV1 from './gen/shelfscan/search/v1/search_pb.js';
export * as searchEventsV1 from './gen/shelfscan/search/v1/events_pb.js';
export * as webhooksV1 from './gen/shelfscan/search/v1/webhooks_pb.js';
export * as billingV1 from './gen/shelfscan/billing/v1/billing_pb.js';
export * as billingEventsV1 from './gen/shelfscan/billing/v1/events_pb.js';
export * as adminEventsV1 from './gen/shelfscan/admin/v1/events_pb.js';
export * as adminV1 from './gen/shelfscan/admin/v1/admin_pb.js';

/** Every RPC service on the bus. Add a service here when its .proto is added. */
export const services: readonly DescService[] = [
  ScraperService,
  AuthService,
  AdminService,
  SearchService,
  BillingService,
  WebhooksService,
  TelegramService,
];

/** Every event on the bus (`<Subject><PastTense>` messages in the `events.proto` files). */
export const events: readonly DescMessage[] = [
  scraperEvents.ScanRequestedSchema,
  scraperEvents.ScanStartedSchema,
  scraperEvents.ScanProgressedSchema,
  scraperEvents.ScanCompletedSchema,
  scraperEvents.ScanFailedSchema,
  scraperEvents.ScanCancelledSchema,
  authEvents.UserRegisteredSchema,
  authEvents.UserActivatedSchema,
  authEvents.UserDeactivatedSchema,
  authEvents.UserReactivatedSchema,
  authEvents.UserProfileChangedSchema,
  authEvents.PhoneVerifiedSchema,
  billingEvents.PlanActivatedSchema,
  billingEvents.PlanCancelledSchema,
  billingEvents.PlanExpiredSchema,
  billingEvents.InvoiceFinalizedSchema,
  billingEvents.InvoiceRefundedSchema,
  adminEvents.SystemParametersChangedSchema,
  adminEvents.UserDeletedSchema,
  searchEvents.TrackerChangedSchema,
  searchEvents.WebhookDisabledSchema,
];

/** The bus pattern (and Kafka topic) of an RPC method: `shelfscan.auth.v1.AuthService.Register`. */
export function methodPattern(method: DescMethod): string {
  return `${method.parent.typeName}.${method.name}`;
}

/** The bus topic of an event: its full protobuf type name, `shelfscan.auth.v1.UserRegistered`. */
export function eventTopic(event: DescMessage): string {
  return event.typeName;
}

const methodsByPattern = new Map<string, DescMethod>(
  services.flatMap((s) => s.methods.map((m) => [methodPattern(m), m] as const)),
);
const eventsByTopic = new Map<string, DescMessage>(events.map((e) => [eventTopic(e), e] as const));

/** Looks up the contract of a request pattern; undefined when no such method exists. */
export function findMethod(pattern: string): DescMethod | undefined {
  return methodsByPattern.get(pattern);
}

/** Looks up the contract of an event topic; undefined when no such event exists. */
export function findEvent(topic: string): DescMessage | undefined {
  return eventsByTopic.get(topic);
}

import { Controller, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusClient, EventHandler } from '@shelfscan/bus';
import { adminEventsV1, adminV1 } from '@shelfscan/contracts';
import { createLogger } from '@shelfscan/observability';

export interface SystemParameterValue {
  key: string;
  description: string;
  value1: string;
  value2: string;
  value3: string;
}

/**
 * The system parameters every service knows, with the product's defaults (product spec parts 1
 * and 9). The admin service edits them as one list and publishes SystemParametersChanged; until it
 * has, these defaults apply. One catalogue: services read them by key, the admin screen lists them.
 */
export const SYSTEM_PARAMETER_DEFAULTS: readonly SystemParameterValue[] = [
  p(
    'search.standard.dailyLimit',
    'Standard searches a user may start per day (Functional counts here too)',
    '15',
  ),
  p('search.standard.monthlyLimit', 'Standard searches a user may start per month', '450'),
  p('search.deep.dailyLimit', 'Deep searches a user may start per day', '5'),
  p('search.listLimit', 'At most this many ASINs in one result list', '2720'),
  p('search.estimate.hourlyLimit', 'Wait estimates (store probes) a user may ask for per hour', '10'),
  p('tracking.maxStores', 'Stores a user with a Standard plan may track', '10'),
  p(
    'tracking.minInterval',
    'Days between two runs of a tracked store at least (1 = daily, 7 = weekly only)',
    '1',
  ),
  p(
    'webhooks.deliveryRetentionDays',
    'Days a webhook delivery stays in its log once it is no longer retried (0 = kept for ever)',
    '30',
  ),
  p('billing.monthlyFeeUsd', 'The monthly fee in USD (billed on the 1st, converted to TRY)', '10'),
  p('billing.fxMaxAgeDays', 'Charge only with a central bank bulletin at most this many days old', '4'),
  p('billing.dunningDays', 'Days of the month a failed renewal is retried (comma-separated)', '1,3,7'),
  p('billing.vatPercent', 'VAT (KDV) rate in percent, included in the total', '20'),
  p(
    'billing.seller',
    'Invoice seller: name (value1), address (value2), tax office and number (value3)',
    'ShelfScan',
    '',
    '',
  ),
  p('sms.perNumberHourlyLimit', 'Verification SMS one phone number may get per hour', '3'),
  p(
    'sms.perPrefixHourlyLimit',
    'Verification SMS per hour to one block of numbers (all but the last 4 digits)',
    '10',
  ),
  p('sms.hourlyLimit', 'Verification SMS sent per hour in total', '100'),
  p('contact.whatsapp', 'WhatsApp number of the contact button (E.164)', '+900000000000'),
  p('contact.supportEmail', 'Where contact-form messages are mailed', 'support@shelfscan.local'),
  p('api.token.perMinuteLimit', 'Requests one API token may make per minute (across every gateway)', '60'),
];

function p(key: string, description: string, value1: string, value2 = '', value3 = ''): SystemParameterValue {
  return { key, description, value1, value2, value3 };
}

/**
 * The current system parameters of this service: the defaults, then each SystemParametersChanged
 * as it arrives (the whole list, so applying one twice changes nothing). Read them at the moment
 * of use, so a change applies at once without a restart.
 */
@Injectable()
export class SystemParameters {
  private readonly values = new Map(SYSTEM_PARAMETER_DEFAULTS.map((v) => [v.key, v]));

  get(key: string): SystemParameterValue | undefined {
    return this.values.get(key);
  }

  /** value1 as a number; the catalogue's default when it is unset or not a number. */
  number(key: string): number {
    const n = Number(this.get(key)?.value1);
    if (Number.isFinite(n) && this.get(key)?.value1.trim() !== '') return n;
    const fallback = Number(SYSTEM_PARAMETER_DEFAULTS.find((d) => d.key === key)?.value1);
    if (!Number.isFinite(fallback)) throw new Error(`unknown numeric system parameter ${key}`);
    return fallback;
  }

  text(key: string): string {
    return this.get(key)?.value1 ?? '';
  }

  all(): SystemParameterValue[] {
    return [...this.values.values()];
  }

  apply(parameters: readonly SystemParameterValue[]): void {
    for (const v of parameters) {
      this.values.set(v.key, {
        key: v.key,
        description: v.description,
        value1: v.value1,
        value2: v.value2,
        value3: v.value3,
      });
    }
  }
}

/** How long a starting service waits for the admin service's answer before it goes on with the defaults. */
export const SYSTEM_PARAMETERS_FETCH_TIMEOUT_MS = 2_000;

/**
 * At start, every service but the admin service (which owns them) asks the admin service once for
 * the current parameters (AdminService.GetSystemParameters), so a restarted service does not run
 * on the catalogue's defaults until the next change. Best effort: when the admin service does not
 * answer within the timeout, the service starts with what it has and the next
 * SystemParametersChanged brings it up to date.
 */
@Injectable()
export class SystemParametersLoader implements OnApplicationBootstrap {
  constructor(
    @Inject(SystemParameters) private readonly parameters: SystemParameters,
    @Inject(BusClient) private readonly bus: BusClient,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const log = createLogger('system-parameters');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${SYSTEM_PARAMETERS_FETCH_TIMEOUT_MS} ms`)),
        SYSTEM_PARAMETERS_FETCH_TIMEOUT_MS,
      );
    });
    try {
      const reply = await Promise.race([
        this.bus.request(adminV1.AdminService.method.getSystemParameters, {}),
        timeout,
      ]);
      this.parameters.apply(reply.parameters);
      log.info({ keys: reply.parameters.length }, 'system parameters loaded from the admin service');
    } catch (err) {
      log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'system parameters: the admin service did not answer; starting with the defaults',
      );
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Every service listens for SystemParametersChanged (added by the skeleton). */
@Controller()
export class SystemParametersHandler {
  constructor(@Inject(SystemParameters) private readonly parameters: SystemParameters) {}

  @EventHandler(adminEventsV1.SystemParametersChangedSchema)
  changed(@Payload() evt: object) {
    const change = evt as adminEventsV1.SystemParametersChanged;
    this.parameters.apply(change.parameters);
    createLogger('system-parameters').info(
      { changedBy: change.changedBy, keys: change.parameters.map((v) => v.key) },
      'system parameters applied',
    );
  }
}

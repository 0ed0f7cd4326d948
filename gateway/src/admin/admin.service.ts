import { Inject, Injectable } from '@nestjs/common';
import { BusClient } from '@shelfscan/bus';
import { adminV1 } from '@shelfscan/contracts';
import type { JwtUser } from '../auth/jwt.strategy.js';
import { TokenStateCache } from '../auth/token-state.js';
import type { SystemParameterDto } from './admin.dto.js';

const { AdminService } = adminV1;

/** A reply as plain JSON: the generated messages carry a `$typeName` the web app has no use for. */
function plain<T>(message: T): T {
  return JSON.parse(JSON.stringify(message, (k, v: unknown) => (k === '$typeName' ? undefined : v))) as T;
}

/** The caller as the services check it again: the token's subject and roles. */
const callerOf = (user: JwtUser) => ({ email: user.sub, roles: user.roles });

/**
 * Admin calls and the contact form: each one bus request to the admin service. Bus errors are
 * not caught here: the exception filter maps them to HTTP answers.
 */
@Injectable()
export class AdminGatewayService {
  constructor(
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(TokenStateCache) private readonly tokenStates: TokenStateCache,
  ) {}

  async systemParameters() {
    return plain((await this.bus.request(AdminService.method.getSystemParameters, {})).parameters);
  }

  async updateSystemParameters(user: JwtUser, parameters: SystemParameterDto[]) {
    const r = await this.bus.request(AdminService.method.updateSystemParameters, {
      caller: callerOf(user),
      parameters,
    });
    return plain(r.parameters);
  }

  async systemParameterChanges(user: JwtUser, page = 0, size = 20) {
    const r = await this.bus.request(AdminService.method.listSystemParameterChanges, {
      caller: callerOf(user),
      page,
      size,
    });
    return { items: plain(r.changes), total: r.total };
  }

  async users(user: JwtUser, search = '', page = 0, size = 20) {
    const r = await this.bus.request(AdminService.method.listUsers, {
      caller: callerOf(user),
      search,
      page,
      size,
    });
    return { items: plain(r.users), total: r.total };
  }

  async user(user: JwtUser, email: string) {
    const r = await this.bus.request(AdminService.method.getUser, { caller: callerOf(user), email });
    return plain({
      ...r.user,
      phone: r.phone,
      roles: r.roles,
      plans: r.plans,
      invoices: r.invoices.map((i) => ({
        invoiceId: i.invoiceId,
        invoiceNumber: Number(i.invoiceNumber),
        conversationId: i.conversationId,
        period: i.period,
        usdCents: Number(i.usdCents),
        discountUsdCents: Number(i.discountUsdCents),
        rate: i.rate,
        bulletinDate: i.bulletinDate,
        tryKurus: Number(i.tryKurus),
        refundedTryKurus: Number(i.refundedTryKurus),
        finalizedAt: i.finalizedAt,
      })),
      scans: r.scans ?? { standard: 0, deep: 0, functional: 0, failed: 0, lastScanAt: '' },
    });
  }

  async activity(user: JwtUser, email: string, page = 0, size = 20) {
    const r = await this.bus.request(AdminService.method.listUserActivity, {
      caller: callerOf(user),
      email,
      page,
      size,
    });
    return { items: plain(r.items), total: r.total };
  }

  async deleteUser(user: JwtUser, email: string) {
    const r = await this.bus.request(AdminService.method.deleteUser, { caller: callerOf(user), email });
    // The account's tokens stop working on this gateway as soon as auth has removed it.
    this.tokenStates.forget(r.email);
    return { userId: r.userId, email: r.email, deletedAt: r.deletedAt };
  }

  async charts(user: JwtUser, from = '', to = '') {
    const r = await this.bus.request(AdminService.method.getCharts, { caller: callerOf(user), from, to });
    return {
      from: r.from,
      to: r.to,
      scansPerDay: plain(r.scansPerDay),
      signupsPerDay: plain(r.signupsPerDay),
      revenuePerMonth: r.revenuePerMonth.map((m) => ({ month: m.month, tryKurus: Number(m.tryKurus) })),
      failuresByReason: plain(r.failuresByReason),
    };
  }

  async contactInfo() {
    const r = await this.bus.request(AdminService.method.getContactInfo, {});
    return { whatsapp: r.whatsapp, supportEmail: r.supportEmail };
  }

  async setActive(user: JwtUser, email: string, active: boolean) {
    const r = await this.bus.request(AdminService.method.setUserActive, {
      caller: callerOf(user),
      email,
      active,
    });
    // The account's tokens stop (or start) working on this gateway at once, not after the cache's TTL.
    this.tokenStates.forget(email);
    return { changed: r.changed };
  }

  async counters(user: JwtUser) {
    return plain(await this.bus.request(AdminService.method.getCounters, { caller: callerOf(user) }));
  }

  async rebuildReadModels(user: JwtUser) {
    const r = await this.bus.request(AdminService.method.rebuildReadModels, { caller: callerOf(user) });
    return { events: r.events };
  }

  async contactMessages(user: JwtUser, page = 0, size = 20) {
    const r = await this.bus.request(AdminService.method.listContactMessages, {
      caller: callerOf(user),
      page,
      size,
    });
    return { items: plain(r.messages), total: r.total };
  }

  async sendContact(user: JwtUser, subject: string, message: string) {
    const r = await this.bus.request(AdminService.method.sendContactMessage, {
      email: user.sub,
      subject,
      message,
    });
    return { id: r.id };
  }
}

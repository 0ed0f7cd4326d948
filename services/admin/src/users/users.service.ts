import { Inject, Injectable } from '@nestjs/common';
import { BusClient, BusError } from '@shelfscan/bus';
import { authV1, type adminV1 } from '@shelfscan/contracts';
import { Clock, assertAdmin } from '@shelfscan/service';
import { paging } from '../common/paging.js';
import { describeEvent } from './activity.js';
import { UsersRepository, type UserView } from './users.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : '');

/** The admin's users pages: the read model, the account's live data from auth, the membership switch. */
@Injectable()
export class UsersService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async list(req: adminV1.ListUsersRequest) {
    assertAdmin(req.caller);
    const { limit, offset } = paging(req.page, req.size);
    const { users, total } = await this.users.list(req.search, limit, offset, this.clock.now());
    return { users: users.map(summary), total };
  }

  /** One user: the read model and plans, plus phone and roles as auth knows them now. */
  async get(req: adminV1.GetUserRequest) {
    assertAdmin(req.caller);
    const email = req.email.trim().toLowerCase();
    const user = await this.users.find(email, this.clock.now());
    if (!user) throw new BusError('NOT_FOUND', 'userNotFound', { reason: 'userNotFound' });
    const account = await this.bus.request(authV1.AuthService.method.lookupUser, {
      caller: { email: req.caller?.email, roles: req.caller?.roles },
      email,
    });
    const [plans, invoices, scans] = await Promise.all([
      this.users.plans(email),
      this.users.invoices(email),
      this.users.scanCounts(email),
    ]);
    return {
      user: summary(user),
      phone: account.account?.phone ?? '',
      roles: account.account?.roles ?? [],
      plans: plans.map((p) => ({
        subscriptionId: p.subscriptionId,
        features: p.features,
        trial: p.trial,
        periodStart: iso(p.periodStart),
        periodEnd: iso(p.periodEnd),
        status: p.status,
        expiredReason: p.expiredReason,
        grantedBy: p.grantedBy,
        grantReason: p.grantReason,
      })),
      invoices: invoices.map((i) => ({ ...i, finalizedAt: i.finalizedAt.toISOString() })),
      scans: { ...scans, lastScanAt: iso(scans.lastScanAt) },
    };
  }

  /** What happened to the user, newest first (a page of the event log); a user unknown here is userNotFound. */
  async activity(req: adminV1.ListUserActivityRequest) {
    assertAdmin(req.caller);
    const email = req.email.trim().toLowerCase();
    const { limit, offset } = paging(req.page, req.size);
    if (!(await this.users.find(email, this.clock.now())))
      throw new BusError('NOT_FOUND', 'userNotFound', { reason: 'userNotFound' });
    const { events, total } = await this.users.activity(email, limit, offset);
    return {
      total,
      items: events.map((e) => ({ at: e.at.toISOString(), ...describeEvent(e.topic, e.payload) })),
    };
  }

  /** Turns the membership on or off in auth; the read model follows from auth's event. */
  async setActive(req: adminV1.SetUserActiveRequest) {
    assertAdmin(req.caller);
    const r = await this.bus.request(authV1.AuthService.method.setMembershipActive, {
      caller: { email: req.caller?.email, roles: req.caller?.roles },
      email: req.email,
      active: req.active,
    });
    return { changed: r.changed };
  }
}

function summary(u: UserView) {
  return {
    userId: u.userId,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    createdAt: iso(u.createdAt),
    activated: !!u.activatedAt,
    activatedAt: iso(u.activatedAt),
    membershipActive: u.membershipActive,
    planActive: u.planActive,
  };
}

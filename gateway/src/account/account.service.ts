import { Inject, Injectable } from '@nestjs/common';
import { BusClient } from '@shelfscan/bus';
import { authV1 } from '@shelfscan/contracts';

const { AuthService } = authV1;

/** Account calls: each one bus request to the auth service, its answer shaped for the web app. */
@Injectable()
export class AccountService {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  async register(input: {
    firstName: string;
    lastName: string;
    email: string;
    phone?: string;
    password: string;
    langKey: string;
  }) {
    const r = await this.bus.request(AuthService.method.register, { ...input, phone: input.phone ?? '' });
    return { id: r.userId };
  }

  async authenticate(email: string, password: string, clientIp: string) {
    const r = await this.bus.request(AuthService.method.authenticate, { email, password, clientIp });
    return { token: r.token };
  }

  async isActivated(email: string): Promise<boolean> {
    return (await this.bus.request(AuthService.method.checkActivation, { email })).activated;
  }

  async account(email: string) {
    const { account: a } = await this.bus.request(AuthService.method.getAccount, { email });
    if (!a) throw new Error('auth service answered without an account');
    return {
      id: a.id,
      firstName: a.firstName,
      lastName: a.lastName,
      fullName: `${a.firstName} ${a.lastName}`,
      email: a.email,
      phone: a.phone || null,
      activated: a.activated,
      authorities: a.roles,
      langKey: a.langKey,
      createdDate: a.createdAt,
      // Plans come from the billing service (a later issue): none yet.
      userPlanExist: false,
      userPlans: [],
    };
  }
}

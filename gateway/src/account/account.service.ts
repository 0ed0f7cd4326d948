import { Inject, Injectable } from '@nestjs/common';
import { BusClient, BusError } from '@shelfscan/bus';
import { authV1 } from '@shelfscan/contracts';
import { TokenStateCache } from '../auth/token-state.js';
import { BillingGatewayService } from '../billing/billing.service.js';
import { unprocessable } from '../common/http-exception.filter.js';
import { LoginDelays } from '../throttle/login-delay.js';

const { AuthService } = authV1;

/**
 * Account calls: each one bus request to the auth service, its answer shaped for the web app.
 * Bus errors are not caught here: the exception filter maps them to HTTP answers.
 */
@Injectable()
export class AccountService {
  constructor(
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(TokenStateCache) private readonly tokenStates: TokenStateCache,
    @Inject(BillingGatewayService) private readonly billing: BillingGatewayService,
    @Inject(LoginDelays) private readonly loginDelays: LoginDelays,
  ) {}

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

  async activate(email: string, code: string): Promise<void> {
    await this.bus.request(AuthService.method.activate, { email, code });
  }

  async resendActivation(email: string): Promise<void> {
    await this.bus.request(AuthService.method.resendActivation, { email });
  }

  /** Waits the account's login delay, then asks auth; a wrong password lengthens the next wait. */
  async authenticate(email: string, password: string, clientIp: string) {
    await this.loginDelays.wait(email);
    try {
      const r = await this.bus.request(AuthService.method.authenticate, { email, password, clientIp });
      await this.loginDelays.succeeded(email);
      return { token: r.token };
    } catch (err) {
      if (err instanceof BusError && err.code === 'UNAUTHENTICATED') await this.loginDelays.failed(email);
      throw err;
    }
  }

  async isActivated(email: string): Promise<boolean> {
    return (await this.bus.request(AuthService.method.checkActivation, { email })).activated;
  }

  async requestPasswordReset(email: string): Promise<void> {
    await this.bus.request(AuthService.method.requestPasswordReset, { email });
  }

  async completePasswordReset(email: string, key: string, password: string): Promise<void> {
    await this.bus.request(AuthService.method.completePasswordReset, { email, key, password });
    this.tokenStates.forget(email);
  }

  async account(email: string) {
    const [{ account: a }, plans] = await Promise.all([
      this.bus.request(AuthService.method.getAccount, { email }),
      this.billing.userPlans(email),
    ]);
    if (!a) throw new Error('auth service answered without an account');
    return {
      id: a.id,
      firstName: a.firstName,
      lastName: a.lastName,
      fullName: `${a.firstName} ${a.lastName}`,
      email: a.email,
      phone: a.phone || null,
      phoneVerified: a.phoneVerified,
      imageUrl: a.imageUrl || null,
      activated: a.activated,
      authorities: a.roles,
      langKey: a.langKey,
      createdDate: a.createdAt,
      // From the billing service: a plan exists while one is usable (active, past due or cancelled).
      userPlanExist: plans.some(
        (p) => p.status === 'active' || p.status === 'cancelled' || p.status === 'past_due',
      ),
      userPlans: plans,
    };
  }

  async updateAccount(
    subjectEmail: string,
    input: {
      id: string;
      email: string;
      firstName: string;
      lastName: string;
      phone?: string | null;
    },
  ): Promise<void> {
    if (input.email.toLowerCase() !== subjectEmail.toLowerCase()) {
      throw unprocessable([{ field: 'email', msg: 'emailNotChangeable' }]);
    }
    await this.bus.request(AuthService.method.updateAccount, {
      subjectEmail,
      id: input.id,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone ?? '',
    });
  }

  /** The new password, checked against the current one; a fresh token for this session. */
  async changePassword(email: string, currentPassword: string, newPassword: string) {
    const r = await this.bus.request(AuthService.method.changePassword, {
      email,
      currentPassword,
      newPassword,
    });
    this.tokenStates.forget(email);
    return { token: r.token };
  }

  /** Logout: this token is refused from now on (the auth service checks it was signed by its key). */
  async logout(email: string, token: string): Promise<void> {
    await this.bus.request(AuthService.method.revokeToken, { token });
    this.tokenStates.forget(email);
  }

  async setPhoto(email: string, content: Uint8Array): Promise<{ imageUrl: string }> {
    return { imageUrl: (await this.bus.request(AuthService.method.setPhoto, { email, content })).imageUrl };
  }

  async photo(userId: string): Promise<{ content: Uint8Array; contentType: string }> {
    const r = await this.bus.request(AuthService.method.getPhoto, { userId });
    return { content: r.content, contentType: r.contentType };
  }

  async sendPhoneCode(email: string, phone: string): Promise<{ sent: boolean }> {
    return { sent: (await this.bus.request(AuthService.method.sendPhoneCode, { email, phone })).sent };
  }

  async checkPhoneCode(email: string, code: string): Promise<{ isValid: boolean }> {
    return { isValid: (await this.bus.request(AuthService.method.checkPhoneCode, { email, code })).isValid };
  }
}

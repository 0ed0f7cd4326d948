import { HttpException, Inject, Injectable, UnprocessableEntityException } from '@nestjs/common';
import type { DescMessage, DescMethodUnary, MessageInitShape, MessageShape } from '@bufbuild/protobuf';
import { BusClient, BusError } from '@shelfscan/bus';
import { authV1 } from '@shelfscan/contracts';
import { TokenStateCache } from '../auth/token-state.js';
import { t } from '../common/i18n.js';

const { AuthService } = authV1;

/** Reasons the API answers with 400 (a wrong or stale code or key, not a malformed request). */
const BAD_REQUEST_REASONS = new Set(['activationCodeInvalid', 'activationCodeExpired', 'resetKeyInvalid']);

/** Account calls: each one bus request to the auth service, its answer shaped for the web app. */
@Injectable()
export class AccountService {
  constructor(
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(TokenStateCache) private readonly tokenStates: TokenStateCache,
  ) {}

  async register(input: {
    firstName: string;
    lastName: string;
    email: string;
    phone?: string;
    password: string;
    langKey: string;
  }) {
    const r = await this.call(AuthService.method.register, { ...input, phone: input.phone ?? '' });
    return { id: r.userId };
  }

  async activate(email: string, code: string): Promise<void> {
    await this.call(AuthService.method.activate, { email, code });
  }

  async resendActivation(email: string): Promise<void> {
    await this.call(AuthService.method.resendActivation, { email });
  }

  async authenticate(email: string, password: string, clientIp: string) {
    const r = await this.call(AuthService.method.authenticate, { email, password, clientIp });
    return { token: r.token };
  }

  async isActivated(email: string): Promise<boolean> {
    return (await this.call(AuthService.method.checkActivation, { email })).activated;
  }

  async requestPasswordReset(email: string): Promise<void> {
    await this.call(AuthService.method.requestPasswordReset, { email });
  }

  async completePasswordReset(email: string, key: string, password: string): Promise<void> {
    await this.call(AuthService.method.completePasswordReset, { email, key, password });
    this.tokenStates.forget(email);
  }

  async account(email: string) {
    const { account: a } = await this.call(AuthService.method.getAccount, { email });
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
      // Plans come from the billing service (a later issue): none yet.
      userPlanExist: false,
      userPlans: [],
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
      password?: string | null;
    },
  ): Promise<void> {
    if (input.email.toLowerCase() !== subjectEmail.toLowerCase()) {
      throw unprocessable([{ field: 'email', msg: 'emailNotChangeable' }]);
    }
    await this.call(AuthService.method.updateAccount, {
      subjectEmail,
      id: input.id,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone ?? '',
      password: input.password ?? '',
    });
  }

  async setPhoto(email: string, content: Uint8Array): Promise<{ imageUrl: string }> {
    return { imageUrl: (await this.call(AuthService.method.setPhoto, { email, content })).imageUrl };
  }

  async photo(userId: string): Promise<{ content: Uint8Array; contentType: string }> {
    const r = await this.call(AuthService.method.getPhoto, { userId });
    return { content: r.content, contentType: r.contentType };
  }

  async sendPhoneCode(email: string, phone: string): Promise<{ sent: boolean }> {
    return { sent: (await this.call(AuthService.method.sendPhoneCode, { email, phone })).sent };
  }

  async checkPhoneCode(email: string, code: string): Promise<{ isValid: boolean }> {
    return { isValid: (await this.call(AuthService.method.checkPhoneCode, { email, code })).isValid };
  }

  /** One bus request; the auth service's errors become the API's answers (see toApiError). */
  private async call<I extends DescMessage, O extends DescMessage>(
    method: DescMethodUnary<I, O>,
    input: MessageInitShape<I>,
  ): Promise<MessageShape<O>> {
    try {
      return await this.bus.request(method, input);
    } catch (err) {
      throw toApiError(err);
    }
  }
}

/** A 422 in the spec's shape, its messages in the request language. */
export function unprocessable(violations: { field: string; msg: string }[], code?: string): HttpException {
  const errors = violations.map((v) => ({ field: v.field, msg: t(v.msg) }));
  return new UnprocessableEntityException({
    success: false,
    message: errors.map((e) => e.msg).join('\n'),
    code,
    errors,
  });
}

/** Stale codes and keys are 400; field violations are a localised 422; the rest as the bus said. */
function toApiError(err: unknown): unknown {
  if (!(err instanceof BusError)) return err;
  if (err.reason && BAD_REQUEST_REASONS.has(err.reason)) {
    return new HttpException({ success: false, message: err.message, code: err.reason }, 400);
  }
  if (err.code === 'INVALID_ARGUMENT' && err.violations.length)
    return unprocessable(err.violations, err.reason);
  return err;
}

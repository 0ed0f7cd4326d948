import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { RpcHandler } from '@shelfscan/bus';
import { authV1 } from '@shelfscan/contracts';
import { TokenService } from '../tokens/token.service.js';
import { UsersService } from './users.service.js';

const { AuthService } = authV1;

/** The auth service's bus API for registration, activation and login: one line per handler. */
@Controller()
export class UsersHandlers {
  constructor(
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(TokenService) private readonly tokens: TokenService,
  ) {}

  @RpcHandler(AuthService.method.register)
  register(@Payload() req: authV1.RegisterRequest) {
    return this.users.register(req);
  }

  @RpcHandler(AuthService.method.activate)
  activate(@Payload() req: authV1.ActivateRequest) {
    return this.users.activate(req.email, req.code);
  }

  @RpcHandler(AuthService.method.resendActivation)
  async resendActivation(@Payload() req: authV1.ResendActivationRequest) {
    await this.users.resendActivation(req.email);
    return {};
  }

  @RpcHandler(AuthService.method.authenticate)
  authenticate(@Payload() req: authV1.AuthenticateRequest) {
    return this.users.authenticate(req);
  }

  @RpcHandler(AuthService.method.checkActivation)
  async checkActivation(@Payload() req: authV1.CheckActivationRequest) {
    return { activated: await this.users.isActivated(req.email) };
  }

  @RpcHandler(AuthService.method.getTokenState)
  getTokenState(@Payload() req: authV1.GetTokenStateRequest) {
    return this.users.tokenState(req.email);
  }

  @RpcHandler(AuthService.method.getAccount)
  async getAccount(@Payload() req: authV1.GetAccountRequest) {
    return { account: await this.users.account(req.email) };
  }

  @RpcHandler(AuthService.method.setMembershipActive)
  setMembershipActive(@Payload() req: authV1.SetMembershipActiveRequest) {
    return this.users.setMembershipActive(req);
  }

  @RpcHandler(AuthService.method.lookupUser)
  lookupUser(@Payload() req: authV1.LookupUserRequest) {
    return this.users.lookup(req);
  }

  @RpcHandler(AuthService.method.getSigningKeys)
  getSigningKeys() {
    return { publicKeysPem: this.tokens.publicKeys() };
  }
}

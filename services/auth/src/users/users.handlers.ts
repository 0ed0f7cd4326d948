import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { RpcHandler } from '@shelfscan/bus';
import { authV1 } from '@shelfscan/contracts';
import { TokenService } from '../tokens/token.service.js';
import { UsersService } from './users.service.js';

const { AuthService } = authV1;

/** The auth service's bus API: one line per handler, into UsersService. */
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

  @RpcHandler(AuthService.method.authenticate)
  authenticate(@Payload() req: authV1.AuthenticateRequest) {
    return this.users.authenticate(req);
  }

  @RpcHandler(AuthService.method.checkActivation)
  async checkActivation(@Payload() req: authV1.CheckActivationRequest) {
    return { activated: await this.users.isActivated(req.email) };
  }

  @RpcHandler(AuthService.method.getAccount)
  async getAccount(@Payload() req: authV1.GetAccountRequest) {
    return { account: await this.users.account(req.email) };
  }

  @RpcHandler(AuthService.method.getSigningKeys)
  getSigningKeys() {
    return { publicKeysPem: this.tokens.publicKeys() };
  }
}

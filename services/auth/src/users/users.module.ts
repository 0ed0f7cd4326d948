import { Inject, Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { createLogger } from '@shelfscan/observability';
import { Clock, SERVICE_CONFIG } from '@shelfscan/service';
import type { AuthConfig } from '../config.js';
import { AccountMails, Mailer, publicUrl } from '../notifications/index.js';
import { loadSigningKeys } from '../tokens/key-store.js';
import { RevokedTokens } from '../tokens/revoked-tokens.js';
import { TokenService } from '../tokens/token.service.js';
import { CodeStore } from '../verification/code-store.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordHasher } from './password-hasher.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

/** ADMIN_EMAIL/ADMIN_PASSWORD: the activated ROLE_ADMIN account exists once the service is up. */
@Injectable()
class AdminAccount implements OnApplicationBootstrap {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
    @Inject(UsersService) private readonly users: UsersService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = this.config;
    if (!email || !password) return;
    await this.users.ensureAdmin(email, password);
    createLogger('auth').info({ email }, 'admin account ensured');
  }
}

const providers = [
  UsersRepository,
  UsersService,
  CodeStore,
  LoginThrottle,
  PasswordHasher,
  RevokedTokens,
  {
    provide: TokenService,
    inject: [SERVICE_CONFIG, Clock],
    useFactory: (config: AuthConfig, clock: Clock) =>
      new TokenService(
        loadSigningKeys({ privateKeyPem: config.JWT_PRIVATE_KEY, dataDir: config.DATA_DIR }),
        config.JWT_TTL_SECONDS,
        clock,
      ),
  },
  {
    provide: AccountMails,
    inject: [Mailer, SERVICE_CONFIG],
    useFactory: (mailer: Mailer, config: AuthConfig) => new AccountMails(mailer, publicUrl(config)),
  },
];

/** Registration, activation, login, tokens and the account records the other features share. */
@Module({
  providers: [...providers, AdminAccount],
  exports: providers.map((p) => ('provide' in p ? p.provide : p)),
})
export class UsersModule {}

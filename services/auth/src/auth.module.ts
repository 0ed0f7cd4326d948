import { Module, type DynamicModule } from '@nestjs/common';
import { AccountHandlers } from './account/account.handlers.js';
import { PasswordResetService } from './account/password-reset.service.js';
import { PhoneVerificationService } from './account/phone-verification.service.js';
import { ProfileService } from './account/profile.service.js';
import { TokenService } from './tokens/token.service.js';
import { UsersHandlers } from './users/users.handlers.js';
import { UsersService } from './users/users.service.js';

export interface AuthServices {
  users: UsersService;
  tokens: TokenService;
  passwordReset: PasswordResetService;
  profile: ProfileService;
  phone: PhoneVerificationService;
}

@Module({})
export class AuthModule {
  static forRoot(deps: AuthServices): DynamicModule {
    return {
      module: AuthModule,
      controllers: [UsersHandlers, AccountHandlers],
      providers: [
        { provide: UsersService, useValue: deps.users },
        { provide: TokenService, useValue: deps.tokens },
        { provide: PasswordResetService, useValue: deps.passwordReset },
        { provide: ProfileService, useValue: deps.profile },
        { provide: PhoneVerificationService, useValue: deps.phone },
      ],
    };
  }
}

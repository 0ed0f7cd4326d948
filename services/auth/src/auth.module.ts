import { Module, type DynamicModule } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { TokenService } from './tokens/token.service.js';
import { UsersHandlers } from './users/users.handlers.js';
import { UsersService } from './users/users.service.js';

@Module({})
export class AuthModule {
  static forRoot(deps: { users: UsersService; tokens: TokenService; dataSource: DataSource }): DynamicModule {
    return {
      module: AuthModule,
      controllers: [UsersHandlers],
      providers: [
        { provide: UsersService, useValue: deps.users },
        { provide: TokenService, useValue: deps.tokens },
      ],
    };
  }
}

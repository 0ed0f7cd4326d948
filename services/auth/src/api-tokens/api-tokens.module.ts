import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { ApiTokensService } from './api-tokens.service.js';

/** Personal API tokens: created, listed, revoked by their owner, checked by the gateway. */
@Module({
  imports: [UsersModule],
  providers: [ApiTokensService],
  exports: [ApiTokensService],
})
export class ApiTokensModule {}

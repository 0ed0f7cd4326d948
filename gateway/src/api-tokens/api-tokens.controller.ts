import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../auth/guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { JwtUser } from '../auth/jwt.strategy.js';
import { ok } from '../common/api-response.js';
import { t } from '../common/i18n.js';
import { CreateApiTokenDto } from './api-tokens.dto.js';
import { ApiTokensGatewayService } from './api-tokens.service.js';

/**
 * My personal API tokens (issue 19), on the account page. Like every route without `@ApiScope`,
 * these refuse API tokens: a token cannot make or revoke tokens.
 */
@ApiTags('account')
@Authenticated()
@Controller('api/account/tokens')
export class ApiTokensController {
  constructor(@Inject(ApiTokensGatewayService) private readonly tokens: ApiTokensGatewayService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Create a personal API token (Authorization: Bearer ss_…); the token is shown only in this answer',
  })
  @ApiOkResponse({
    description:
      '{success, data: {id, token, name, scopes, createdAt, expiresAt, lastUsedAt}}; 422 required | tooLong (name), apiTokenScopeInvalid | apiTokenScopesRequired (scopes), apiTokenExpiryInvalid | apiTokenExpiryPast (expiresAt); 409 apiTokenTooMany (20 an account)',
  })
  async create(@CurrentUser() user: JwtUser, @Body() dto: CreateApiTokenDto) {
    return ok(await this.tokens.create(user.sub, dto));
  }

  @Get()
  @ApiOperation({ summary: 'My API tokens, newest first, with their last use (never the token)' })
  @ApiOkResponse({ description: '{success, data: [{id, name, scopes, createdAt, expiresAt, lastUsedAt}]}' })
  async list(@CurrentUser() user: JwtUser) {
    return ok(await this.tokens.list(user.sub));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Revoke an API token: refused from the next request on' })
  @ApiOkResponse({ description: '{success, message}; 404 apiTokenNotFound' })
  async revoke(@CurrentUser() user: JwtUser, @Param('id') id: string) {
    await this.tokens.revoke(user.sub, id);
    return { success: true, message: t('apiTokenRevoked') };
  }
}

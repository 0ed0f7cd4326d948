import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { Authenticated } from '../auth/guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { JwtUser } from '../auth/jwt.strategy.js';
import { ok } from '../common/api-response.js';
import { currentLang } from '../common/i18n.js';
import { AuthenticateDto, CheckActivationQuery, RegisterDto } from './account.dto.js';
import { AccountService } from './account.service.js';

@ApiTags('account')
@Controller('api')
export class AccountController {
  constructor(@Inject(AccountService) private readonly accounts: AccountService) {}

  @Post('public/register')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 10, ttl: 60_000 } })
  @ApiOperation({ summary: 'Create an account' })
  @ApiOkResponse({
    description: '{success, message, data: {id}}; 400 email address already taken; 422 validation',
  })
  async register(@Body() dto: RegisterDto) {
    return ok(await this.accounts.register({ ...dto, langKey: dto.langKey ?? currentLang() }), 'registered');
  }

  @Post('authenticate')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @ApiOperation({ summary: 'Log in: a signed token (sub = email, auth = roles, exp)' })
  @ApiOkResponse({ description: '{success, status, data: {token}}; 401 loginError; 403 accountNotActivated' })
  async authenticate(@Body() dto: AuthenticateDto, @Req() req: FastifyRequest) {
    return { ...ok(await this.accounts.authenticate(dto.email, dto.password, req.ip)), status: 200 };
  }

  @Get('public/check-activation')
  @ApiOperation({ summary: 'Whether the account of this email is activated' })
  async checkActivation(@Query() query: CheckActivationQuery) {
    return ok(await this.accounts.isActivated(query.email));
  }

  @Get('account/user')
  @Authenticated()
  @ApiOperation({ summary: 'The logged-in user' })
  async me(@CurrentUser() user: JwtUser) {
    return ok(await this.accounts.account(user.sub));
  }
}

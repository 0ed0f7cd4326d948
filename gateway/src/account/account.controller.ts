import '@fastify/multipart';
import {
  Body,
  Controller,
  Get,
  HttpException,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated } from '../auth/guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { bearerToken, type JwtUser } from '../auth/jwt.strategy.js';
import { ok } from '../common/api-response.js';
import { currentLang, t } from '../common/i18n.js';
import {
  ActivateDto,
  AuthenticateDto,
  ChangePasswordDto,
  CheckActivationQuery,
  CheckVerificationCodeQuery,
  CompletePasswordResetDto,
  EmailDto,
  RegisterDto,
  SendVerificationCodeQuery,
  UpdateAccountDto,
} from './account.dto.js';
import { unprocessable } from '../common/http-exception.filter.js';
import { AccountService } from './account.service.js';

/** The largest profile photo (800 kB); the auth service checks it again, with the type by content. */
const MAX_PHOTO_BYTES = 800 * 1024;

const done = (message: string) => ({ success: true, message });

@ApiTags('account')
@Controller('api')
export class AccountController {
  constructor(@Inject(AccountService) private readonly accounts: AccountService) {}

  @Post('public/register')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 10, ttl: 60_000 } })
  @ApiOperation({ summary: 'Create an account (not activated: a six-digit code is emailed)' })
  @ApiOkResponse({
    description: '{success, message, data: {id}}; 400 emailIsAlreadyTaken; 422 validation',
  })
  async register(@Body() dto: RegisterDto) {
    return ok(
      await this.accounts.register({ ...dto, langKey: dto.langKey ?? currentLang() }),
      t('registered'),
    );
  }

  @Post('public/activate')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @ApiOperation({ summary: 'Activate the account with the emailed code (an active account answers 200)' })
  @ApiOkResponse({
    description:
      '{success, message}; 400 activationCodeInvalid | activationCodeExpired; 429 tooManyAttempts (5 per code)',
  })
  async activate(@Body() dto: ActivateDto) {
    await this.accounts.activate(dto.email, dto.code);
    return done(t('activationDone'));
  }

  @Post('public/resend-activation')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @ApiOperation({ summary: 'Email a new activation code (same answer for any email)' })
  @ApiOkResponse({ description: '{success, message}; 429 tooManyRequests + Retry-After (1/min, 5/h)' })
  async resendActivation(@Body() dto: EmailDto) {
    await this.accounts.resendActivation(dto.email);
    return done(t('activationSent'));
  }

  @Post('authenticate')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @ApiOperation({ summary: 'Log in: a signed token (sub = email, auth = roles, exp)' })
  @ApiOkResponse({
    description:
      '{success, status, data: {token}}; 401 loginError; 403 accountNotActivated; 429 tooManyAttempts + Retry-After',
  })
  async authenticate(@Body() dto: AuthenticateDto, @Req() req: FastifyRequest) {
    return { ...ok(await this.accounts.authenticate(dto.email, dto.password, req.ip)), status: 200 };
  }

  @Get('public/check-activation')
  @UseGuards(ThrottlerGuard)
  @ApiOperation({ summary: 'Whether the account of this email is activated' })
  @ApiOkResponse({ description: '{success, data: boolean}; 429 tooManyRequests + Retry-After (per address)' })
  async checkActivation(@Query() query: CheckActivationQuery) {
    return ok(await this.accounts.isActivated(query.email));
  }

  @Post('public/password-reset')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @ApiOperation({ summary: 'Email a password reset link (single use, one hour); same answer for any email' })
  async passwordReset(@Body() dto: EmailDto) {
    await this.accounts.requestPasswordReset(dto.email);
    return done(t('resetRequested'));
  }

  @Post('public/complete-password-reset')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @ApiOperation({ summary: 'Set a new password with the emailed key; older tokens stop working' })
  @ApiOkResponse({ description: '{success, message}; 400 resetKeyInvalid; 422 validation' })
  async completePasswordReset(@Body() dto: CompletePasswordResetDto) {
    await this.accounts.completePasswordReset(dto.email, dto.key, dto.password);
    return done(t('resetDone'));
  }

  @Get('account/user')
  @Authenticated()
  @ApiOperation({ summary: 'The logged-in user' })
  async me(@CurrentUser() user: JwtUser) {
    return ok(await this.accounts.account(user.sub));
  }

  @Put('account/user')
  @Authenticated()
  @ApiOperation({
    summary: 'Update my information (the email cannot change; the password only by change-password)',
  })
  @ApiOkResponse({
    description: '{success, message}; 422 validation (emailNotChangeable, passwordNotHere, ...)',
  })
  async updateMe(@CurrentUser() user: JwtUser, @Body() dto: UpdateAccountDto) {
    await this.accounts.updateAccount(user.sub, dto);
    return done(t('accountUpdated'));
  }

  @Post('account/change-password')
  @HttpCode(200)
  @Authenticated()
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 10, ttl: 60_000 } })
  @ApiOperation({
    summary: 'Change my password with the current one: every other session ends, this one gets a new token',
  })
  @ApiOkResponse({
    description:
      '{success, message, data: {token}}; 422 currentPasswordWrong (on currentPassword), password rules (on newPassword); 429',
  })
  async changePassword(@CurrentUser() user: JwtUser, @Body() dto: ChangePasswordDto) {
    return ok(
      await this.accounts.changePassword(user.sub, dto.currentPassword, dto.newPassword),
      t('passwordChanged'),
    );
  }

  @Post('account/logout')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: "Log out: this token is refused from now on (the account's other sessions stay)" })
  @ApiOkResponse({ description: '{success, message}; 401 when the token is already refused' })
  async logout(@CurrentUser() user: JwtUser, @Req() req: FastifyRequest) {
    await this.accounts.logout(user.sub, bearerToken(req) ?? '');
    return done(t('loggedOut'));
  }

  @Post('account/photo')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Upload my profile photo: JPG, GIF or PNG (by content), at most 800 kB' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiOkResponse({ description: '{success, data: {imageUrl}}; 422 photoInvalidType | photoTooLarge' })
  async uploadPhoto(@CurrentUser() user: JwtUser, @Req() req: FastifyRequest) {
    const missing = () => unprocessable([{ field: 'file', msg: 'photoMissing' }], 'photoMissing');
    if (!req.isMultipart()) throw missing();
    let content: Buffer;
    try {
      const file = await req.file({ limits: { fileSize: MAX_PHOTO_BYTES, files: 1 } });
      if (!file) throw missing();
      content = await file.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw unprocessable([{ field: 'file', msg: 'photoTooLarge' }], 'photoTooLarge');
      }
      if (err instanceof HttpException) throw err;
      // A form the parser cannot read (cut short, a wrong boundary) carries no photo: a 422, not a 500.
      throw missing();
    }
    return ok(await this.accounts.setPhoto(user.sub, content));
  }

  @Get('account/photo/:userId')
  @ApiOperation({ summary: "A user's profile photo, with its content type" })
  async photo(@Param('userId') userId: string, @Res() reply: FastifyReply) {
    const { content, contentType } = await this.accounts.photo(userId);
    return reply
      .type(contentType)
      .header('Cache-Control', 'public, max-age=86400')
      .send(Buffer.from(content));
  }

  @Get('account/send-verification-code')
  @Authenticated()
  @ApiOperation({ summary: 'Send a six-digit code by SMS to this number (10 min, 5 attempts, 1/min, 5/h)' })
  @ApiOkResponse({
    description: '{success, data: {sent}}; 400 phoneInUse; 422 bad number; 429 tooManyRequests',
  })
  async sendVerificationCode(@CurrentUser() user: JwtUser, @Query() query: SendVerificationCodeQuery) {
    return ok(await this.accounts.sendPhoneCode(user.sub, query.gsm));
  }

  @Get('account/check-verification-code')
  @Authenticated()
  @ApiOperation({ summary: 'Check the SMS code: a valid one makes the number my verified phone' })
  @ApiOkResponse({ description: '{success, data: {isValid}}' })
  async checkVerificationCode(@CurrentUser() user: JwtUser, @Query() query: CheckVerificationCodeQuery) {
    return ok(await this.accounts.checkPhoneCode(user.sub, query.verificationCode));
  }
}

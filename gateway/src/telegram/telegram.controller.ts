import { Controller, Delete, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BusClient } from '@shelfscan/bus';
import { telegramV1 } from '@shelfscan/contracts';
import { Authenticated } from '../auth/guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { JwtUser } from '../auth/jwt.strategy.js';
import { ok } from '../common/api-response.js';
import { t } from '../common/i18n.js';

const { TelegramService } = telegramV1;

/** Telegram alerts (gateway/README.md, "Telegram routes"): link a chat with a one-time code, see it, unlink it. */
@ApiTags('account')
@Authenticated()
@Controller('api/account/telegram')
export class TelegramController {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  @Get()
  @ApiOperation({ summary: 'My Telegram link: whether a bot is configured, whether a chat is linked' })
  @ApiOkResponse({ description: '{success, data: {configured, linked, chatName, linkedAt, botUsername}}' })
  async get(@CurrentUser() user: JwtUser) {
    const r = await this.bus.request(TelegramService.method.getTelegram, { userEmail: user.sub });
    return ok({
      configured: r.configured,
      linked: r.linked,
      chatName: r.chatName || null,
      linkedAt: r.linkedAt || null,
      botUsername: r.botUsername || null,
    });
  }

  @Post('link')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'A one-time code (15 minutes) and the bot’s deep link; sending /start <code> to the bot links the chat',
  })
  @ApiOkResponse({ description: '{success, data: {code, deepLink, expiresAt}}; 403 telegramNotConfigured' })
  async link(@CurrentUser() user: JwtUser) {
    const r = await this.bus.request(TelegramService.method.linkTelegram, { userEmail: user.sub });
    return ok({ code: r.code, deepLink: r.deepLink, expiresAt: r.expiresAt });
  }

  @Delete()
  @ApiOperation({ summary: 'Unlink my Telegram chat' })
  @ApiOkResponse({ description: '{success, message}' })
  async unlink(@CurrentUser() user: JwtUser) {
    await this.bus.request(TelegramService.method.unlinkTelegram, { userEmail: user.sub });
    return { success: true, message: t('telegramUnlinked') };
  }
}

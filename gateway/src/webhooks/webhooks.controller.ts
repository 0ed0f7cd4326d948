import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiScope } from '../auth/api-scope.js';
import { Authenticated } from '../auth/guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { JwtUser } from '../auth/jwt.strategy.js';
import { ok } from '../common/api-response.js';
import { t } from '../common/i18n.js';
import { CreateWebhookDto, DeliveriesQuery } from './webhooks.dto.js';
import { WebhooksApiService } from './webhooks.service.js';

/** Webhooks (gateway/README.md, "Webhook routes"): register, list, delete, the delivery log, a test event. */
@ApiTags('webhooks')
@Authenticated()
@ApiScope('webhooks:write')
@Controller('api/webhooks')
export class WebhooksController {
  constructor(@Inject(WebhooksApiService) private readonly webhooks: WebhooksApiService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Register a webhook for tracker.changed and/or scan.completed; the answer shows the signing secret once',
  })
  @ApiOkResponse({
    description:
      '{success, data: {id, url, events, description, enabled, createdAt, disabledAt, secret}}; 422 on url (required, tooLong, webhookUrlInvalid, webhookUrlNotHttps, webhookUrlPrivate, webhookUrlUnresolved, webhookTooMany) or events (webhookEventsInvalid)',
  })
  async create(@CurrentUser() user: JwtUser, @Body() dto: CreateWebhookDto) {
    return ok(await this.webhooks.create(user.sub, dto));
  }

  @Get()
  @ApiOperation({ summary: 'My webhooks (without their secrets), oldest first' })
  @ApiOkResponse({
    description: '{success, data: [{id, url, events, description, enabled, createdAt, disabledAt}]}',
  })
  async list(@CurrentUser() user: JwtUser) {
    return ok(await this.webhooks.list(user.sub));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a webhook and its delivery log' })
  @ApiOkResponse({ description: '{success, message}; 404 webhookNotFound' })
  async remove(@CurrentUser() user: JwtUser, @Param('id') id: string) {
    await this.webhooks.delete(user.sub, id);
    return { success: true, message: t('webhookDeleted') };
  }

  @Get(':id/deliveries')
  @ApiOperation({
    summary:
      'The webhook’s deliveries, newest first: status, response code, attempts, times (finished ones are kept webhooks.deliveryRetentionDays days, 30; pending ones until they finish)',
  })
  @ApiOkResponse({
    description:
      '{success, data: [{id, event, status: pending|delivered|failed, attempts, responseCode, error, createdAt, lastAttemptAt, nextAttemptAt, deliveredAt}]}; 404 webhookNotFound',
  })
  async deliveries(@CurrentUser() user: JwtUser, @Param('id') id: string, @Query() query: DeliveriesQuery) {
    return ok(await this.webhooks.deliveries(user.sub, id, query.limit));
  }

  @Post(':id/test')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a webhook.test event now (enables a disabled webhook again)' })
  @ApiOkResponse({ description: '{success, data: the queued delivery}; 404 webhookNotFound' })
  async test(@CurrentUser() user: JwtUser, @Param('id') id: string) {
    return ok(await this.webhooks.test(user.sub, id));
  }
}

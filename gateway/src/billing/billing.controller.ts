import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Authenticated, ROLE_ADMIN } from '../auth/guards.js';
import type { JwtUser } from '../auth/jwt.strategy.js';
import { ok } from '../common/api-response.js';
import { unprocessable } from '../common/http-exception.filter.js';
import { t } from '../common/i18n.js';
import { CardDto, CardIdQuery, PlanRequestDto, PromotionDto, RenewalDto } from './billing.dto.js';
import { BillingGatewayService } from './billing.service.js';

/** Plans, the card, promotions' breakdown, payments and invoices (product spec part 7). The user is the token's subject. */
@ApiTags('billing')
@Authenticated()
@Controller('api')
export class BillingController {
  constructor(@Inject(BillingGatewayService) private readonly billing: BillingGatewayService) {}

  @Get('plan')
  @ApiOperation({ summary: 'The plan catalogue: features, monthly fee in USD, limits' })
  async plans() {
    return ok(await this.billing.plans());
  }

  @Get('user-plan')
  @ApiOperation({ summary: "The user's plans (status active, past_due, cancelled, inactive; trial flag)" })
  async userPlans(@CurrentUser() user: JwtUser) {
    return ok(await this.billing.userPlans(user.sub));
  }

  @Post('user-plan')
  @HttpCode(200)
  @ApiOperation({ summary: 'Buy a plan {plan, features, promotionCode}: prorated to the month end, in TRY' })
  @ApiOkResponse({
    description:
      '{success, data: {plan, breakdown, conversationId}}; 404 packageNotFound | noCardFound; 402 paymentFailed | threeDsRequired; 409 planAlreadyActive; 422 promotion*; 503 fxRateUnavailable | paymentStatusUnknown',
  })
  async subscribe(@CurrentUser() user: JwtUser, @Body() dto: PlanRequestDto) {
    return ok(await this.billing.subscribe(user.sub, dto), t('planActivated'));
  }

  @Post('user-plan/trial')
  @HttpCode(200)
  @ApiOperation({ summary: 'Start the free one-day trial (verified phone; once per user and phone)' })
  async startTrial(@CurrentUser() user: JwtUser) {
    return ok(await this.billing.startTrial(user.sub), t('trialStarted'));
  }

  @Delete('user-plan')
  @ApiOperation({ summary: 'Cancel: usable to its end date, not renewed' })
  async cancel(@CurrentUser() user: JwtUser) {
    return ok(await this.billing.cancel(user.sub), t('planCancelled'));
  }

  @Get('card')
  @ApiOperation({ summary: "The user's saved card (tokens stay at the provider), or null" })
  async card(@CurrentUser() user: JwtUser) {
    return ok(await this.billing.card(user.sub));
  }

  @Post('card')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Save the card at the provider (replaces the one card; a past-due plan is retried)',
  })
  @ApiOkResponse({ description: '{success, data: card}; 400 cardSaveFailed; 422 validation' })
  async saveCard(@CurrentUser() user: JwtUser, @Body() dto: CardDto) {
    return ok(await this.billing.saveCard(user.sub, dto), t('cardSaved'));
  }

  @Delete('card')
  @ApiOperation({ summary: 'Delete the card: DELETE /api/card/?id={cardId}' })
  async deleteCard(@CurrentUser() user: JwtUser, @Query() query: CardIdQuery) {
    await this.billing.deleteCard(user.sub, query.id);
    return { success: true, message: t('cardDeleted') };
  }

  @Post('promotion/summary')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The breakdown (USD, discount, rate, TRY) for a plan and a code, and why a code does not apply',
  })
  async summary(@CurrentUser() user: JwtUser, @Body() dto: PlanRequestDto) {
    return ok(await this.billing.summary(user.sub, dto));
  }

  @Get('payment/history')
  @ApiOperation({ summary: "The user's payments and their invoices, newest first" })
  async payments(@CurrentUser() user: JwtUser) {
    return ok(await this.billing.payments(user.sub));
  }

  @Get('payment/history/:conversationId')
  @ApiOperation({ summary: 'One payment by its billing number (conversation id)' })
  async payment(@CurrentUser() user: JwtUser, @Param('conversationId') conversationId: string) {
    return ok(await this.billing.payment(user.sub, conversationId));
  }

  @Get('payment/history/:conversationId/pdf')
  @ApiProduces('application/pdf')
  @ApiOperation({ summary: "The invoice as a PDF in the request's language" })
  async invoicePdf(
    @CurrentUser() user: JwtUser,
    @Param('conversationId') conversationId: string,
    @Res() reply: FastifyReply,
  ) {
    const { content, fileName } = await this.billing.invoicePdf(user.sub, conversationId);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'private, no-store')
      .send(content);
  }
}

/** Promotions CRUD, everyone's payments and the renewal run: ROLE_ADMIN. */
@ApiTags('billing (admin)')
@Authenticated(ROLE_ADMIN)
@Controller('api')
export class BillingAdminController {
  constructor(@Inject(BillingGatewayService) private readonly billing: BillingGatewayService) {}

  @Get('promotion')
  async promotions() {
    return ok(await this.billing.promotions());
  }

  @Post('promotion')
  @HttpCode(200)
  async createPromotion(@Body() dto: PromotionDto) {
    return ok(await this.billing.savePromotion(dto), t('changeSaved'));
  }

  @Put('promotion')
  async updatePromotion(@Body() dto: PromotionDto) {
    if (!dto.id) throw unprocessable([{ field: 'id', msg: 'required' }]);
    return ok(await this.billing.savePromotion(dto, dto.id), t('changeSaved'));
  }

  @Delete('promotion/:id')
  async deletePromotion(@Param('id') id: string) {
    await this.billing.deletePromotion(id);
    return { success: true, message: t('changeSaved') };
  }

  @Get('admin/payment/history')
  @ApiOperation({ summary: "Every user's payments and invoices, newest first" })
  async allPayments() {
    return ok(await this.billing.payments(''));
  }

  @Post('admin/billing/renewal')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Run the monthly renewal and dunning for a date (Europe/Istanbul); safe to repeat',
  })
  async runRenewal(@Body() dto: RenewalDto) {
    return ok(await this.billing.runRenewal(dto.date));
  }
}

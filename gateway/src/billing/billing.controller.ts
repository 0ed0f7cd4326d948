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
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Authenticated, ROLE_ADMIN } from '../auth/guards.js';
import type { JwtUser } from '../auth/jwt.strategy.js';
import { ok } from '../common/api-response.js';
import { unprocessable } from '../common/http-exception.filter.js';
import { t } from '../common/i18n.js';
import {
  CardDto,
  CardIdQuery,
  GrantPlanDto,
  PaymentHistoryQuery,
  PlanRequestDto,
  PromotionDto,
  RefundDto,
  RenewalDto,
  RevokePlanDto,
  ThreeDsCallbackDto,
  ThreeDsPageQuery,
} from './billing.dto.js';
import { BillingGatewayService } from './billing.service.js';
import { threeDsPageCsp } from './three-ds-page.js';

/** Breakdowns a user may ask for in a minute (the add-plan page asks one per settled change). */
const PROMOTION_SUMMARIES_PER_MINUTE = 30;
const byUser = (req: Record<string, unknown>) => `user:${(req.user as JwtUser).sub}`;

/** The public URL the bank posts its 3-D Secure answer to (as the browser reached us). */
const callbackUrlOf = (req: FastifyRequest) => `${req.protocol}://${req.host}/api/payment/3ds/callback`;

/** Sends an invoice PDF as a download. */
function sendPdf(reply: FastifyReply, pdf: { content: Buffer; fileName: string }) {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `attachment; filename="${pdf.fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .send(pdf.content);
}

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
      '{success, data: {plan, breakdown, conversationId}}; when the bank asks for 3-D Secure: 200 {success, message, data: {threeDSecure: {conversationId, redirectUrl}}} (send the browser to redirectUrl); 404 packageNotFound | noCardFound; 402 paymentFailed; 409 planAlreadyActive; 422 promotion*; 503 fxRateUnavailable | paymentStatusUnknown',
  })
  async subscribe(@CurrentUser() user: JwtUser, @Body() dto: PlanRequestDto, @Req() req: FastifyRequest) {
    const data = await this.billing.subscribe(user.sub, dto, callbackUrlOf(req));
    return ok(data, t('threeDSecure' in data ? 'threeDsRedirect' : 'planActivated'));
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
  // Per user (after the token guard): codes cannot be guessed at the speed of the bus.
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: PROMOTION_SUMMARIES_PER_MINUTE, ttl: 60_000, getTracker: byUser } })
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
    return sendPdf(reply, await this.billing.invoicePdf(user.sub, conversationId));
  }
}

/**
 * 3-D Secure in the browser (public: the browser arrives by a redirect, the bank by a form post).
 * The page is guarded by its one-time token; the callback completes through billing, which
 * checks the bank's answer with the provider and settles it once.
 */
@ApiTags('billing')
@Controller('api/payment/3ds')
export class ThreeDsController {
  constructor(@Inject(BillingGatewayService) private readonly billing: BillingGatewayService) {}

  @Get(':conversationId')
  @ApiOperation({
    summary: "The bank's 3-D Secure page, once per token (?t=); else a redirect to the plan page",
  })
  async page(
    @Param('conversationId') conversationId: string,
    @Query() query: ThreeDsPageQuery,
    @Res() reply: FastifyReply,
  ) {
    const { html, landing } = await this.billing.threeDsPage(conversationId, query.t ?? '');
    if (!html) return reply.redirect(landing, 303);
    return reply
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', threeDsPageCsp(html))
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .send(html);
  }

  @Post('callback')
  @ApiOperation({
    summary:
      "The bank's answer (form post: status, paymentId, conversationId, conversationData, mdStatus): 303 to /payment/addPlan/success?conversationId=… or /payment/addPlan?threeDsError=<reason> (under /us for English)",
  })
  async callback(@Body() dto: ThreeDsCallbackDto, @Res() reply: FastifyReply) {
    return reply.redirect(await this.billing.completeThreeDs(dto), 303);
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
  @ApiOperation({
    summary:
      "Every user's payments and invoices, newest first (?email= for one user's; status, days), paged (total in x-total-count)",
  })
  @ApiOkResponse({ description: '{success, data: Payment[]}; header x-total-count' })
  async allPayments(
    @CurrentUser() admin: JwtUser,
    @Query() query: PaymentHistoryQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { items, total } = await this.billing.allPayments(query, admin);
    void reply.header('x-total-count', String(total));
    return ok(items);
  }

  @Get('admin/payment/history/:conversationId')
  @ApiOperation({ summary: "Any user's payment by its billing number" })
  async anyPayment(@CurrentUser() admin: JwtUser, @Param('conversationId') conversationId: string) {
    return ok(await this.billing.payment('', conversationId, admin));
  }

  @Get('admin/payment/history/:conversationId/pdf')
  @ApiProduces('application/pdf')
  @ApiOperation({ summary: "Any user's invoice as a PDF in the request's language" })
  async anyInvoicePdf(
    @CurrentUser() admin: JwtUser,
    @Param('conversationId') conversationId: string,
    @Res() reply: FastifyReply,
  ) {
    return sendPdf(reply, await this.billing.invoicePdf('', conversationId, admin));
  }

  @Post('admin/payment/:conversationId/refund')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Refund {reason, amountKurus?}: the same day a cancel of the whole payment, later a refund (partial allowed); never more than paid',
  })
  @ApiOkResponse({
    description:
      '{success, data: {kind: cancel|refund, refunded, payment}}; 404 paymentNotFound; 409 refundNotPossible; 422 refundTooMuch; 402 refundRefused',
  })
  async refund(
    @CurrentUser() admin: JwtUser,
    @Param('conversationId') conversationId: string,
    @Body() dto: RefundDto,
  ) {
    return ok(await this.billing.refund(admin, conversationId, dto), t('refundDone'));
  }

  @Post('admin/users/:email/plans')
  @HttpCode(200)
  @ApiOperation({ summary: 'Grant a plan by hand {features, periodEnd, reason}: no payment, no renewal' })
  async grantPlan(@CurrentUser() admin: JwtUser, @Param('email') email: string, @Body() dto: GrantPlanDto) {
    return ok(await this.billing.grantPlan(admin, email, dto), t('planGranted'));
  }

  @Delete('admin/users/:email/plans/:subscriptionId')
  @ApiOperation({ summary: "Revoke a user's plan now {reason} (PlanExpired revoked; no refund)" })
  async revokePlan(
    @CurrentUser() admin: JwtUser,
    @Param('email') email: string,
    @Param('subscriptionId') subscriptionId: string,
    @Body() dto: RevokePlanDto,
  ) {
    return ok(await this.billing.revokePlan(admin, email, subscriptionId, dto.reason), t('planRevoked'));
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

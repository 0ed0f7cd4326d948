import { Controller, Delete, Get, HttpException, Post, Put } from '@nestjs/common';
import { ApiNotImplementedResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, ROLE_ADMIN } from '../auth/guards.js';
import { t } from '../common/i18n.js';

/**
 * Routes of product-spec part 7 whose service has not landed yet. Each exists at its exact path,
 * with its guard, and answers 501 in the spec's shape until its issue replaces it with the real
 * handler (billing; admin). The scans are in ../search/ (the ASIN check's routes answer 501 there).
 */
function notYet(): never {
  throw new HttpException({ success: false, message: t('notAvailableYet'), code: 'notAvailableYet' }, 501);
}

@ApiTags('not available yet')
@ApiNotImplementedResponse({ description: 'arrives with its feature' })
@Authenticated()
@Controller()
export class PendingUserController {
  @Get('api/card') card() {
    return notYet();
  }
  @Post('api/card') addCard() {
    return notYet();
  }
  @Delete('api/card') deleteCard() {
    return notYet();
  }
  @Get('api/plan') plans() {
    return notYet();
  }
  @Get('api/user-plan') userPlans() {
    return notYet();
  }
  @Post('api/user-plan') addUserPlan() {
    return notYet();
  }
  @Delete('api/user-plan') deleteUserPlan() {
    return notYet();
  }
  @Post('api/promotion/summary') promotionSummary() {
    return notYet();
  }
  @Get('api/payment/history/:conversationId') paymentHistory() {
    return notYet();
  }
}

@ApiTags('not available yet')
@ApiNotImplementedResponse({ description: 'arrives with its feature' })
@Authenticated(ROLE_ADMIN)
@Controller()
export class PendingAdminController {
  @Get('api/promotion') promotions() {
    return notYet();
  }
  @Post('api/promotion') createPromotion() {
    return notYet();
  }
  @Put('api/promotion') updatePromotion() {
    return notYet();
  }
  @Delete('api/promotion/:id') deletePromotion() {
    return notYet();
  }
}

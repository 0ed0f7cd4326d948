import { Controller, Delete, Get, HttpException, Post, Put } from '@nestjs/common';
import { ApiNotImplementedResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, ROLE_ADMIN } from '../auth/guards.js';
import { t } from '../common/i18n.js';

/**
 * Routes of product-spec part 7 whose service has not landed yet. Each exists at its exact path,
 * with its guard, and answers 501 in the spec's shape until its issue replaces it with the real
 * handler (scans; admin).
 */
function notYet(): never {
  throw new HttpException({ success: false, message: t('notAvailableYet'), code: 'notAvailableYet' }, 501);
}

@ApiTags('not available yet')
@ApiNotImplementedResponse({ description: 'arrives with its feature' })
@Authenticated()
@Controller()
export class PendingUserController {
  @Get('api/search-info') listSearches() {
    return notYet();
  }
  @Get('api/search-info/:state') listSearchesByState() {
    return notYet();
  }
  @Post('api/search-info') createSearch() {
    return notYet();
  }
  @Post('api/search-info/functional-search') createFunctionalSearch() {
    return notYet();
  }
  @Post('dashboard/:state') bulkUpdateSearches() {
    return notYet();
  }
  @Delete('dashboard/:todoId') deleteSearch() {
    return notYet();
  }
  @Get('api/marketplace') marketplaces() {
    return notYet();
  }
  @Get('api/category') categories() {
    return notYet();
  }
}

@ApiTags('not available yet')
@ApiNotImplementedResponse({ description: 'arrives with its feature' })
@Authenticated(ROLE_ADMIN)
@Controller()
export class PendingAdminController {
  @Get('api/system-parameter') systemParameters() {
    return notYet();
  }
  @Put('api/system-parameter') updateSystemParameters() {
    return notYet();
  }
}

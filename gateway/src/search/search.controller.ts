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
import { ApiScope } from '../auth/api-scope.js';
import { Authenticated, ROLE_ADMIN } from '../auth/guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { JwtUser } from '../auth/jwt.strategy.js';
import { ok } from '../common/api-response.js';
import { currentLang, t } from '../common/i18n.js';
import {
  AsinCheckDto,
  AsinCheckQuery,
  BatchDto,
  BatchListQuery,
  CategoryQuery,
  CreateScanDto,
  DownloadQuery,
  EstimateDto,
  FunctionalScanDto,
  ListQuery,
  MoveDto,
  StatusDto,
} from './search.dto.js';
import { sendTable } from './export/send.js';
import { XLSX_TYPE } from './export/xlsx.js';
import { SearchApiService, attachmentDisposition } from './search.service.js';

const STATES = ['pending', 'ongoing', 'completed', 'archived'];
/** /api/search-info/{searchType}{status}, e.g. deepCOMPLETED. */
const TYPE_STATUS =
  /^(standard|deep|FUNCTIONAL|functional|asinCheck)(PENDING|PROCESSING|COMPLETED_PARTIAL|COMPLETED|CANCELED|FAILED)$/;

const isAdmin = (user: JwtUser) => user.roles.includes(ROLE_ADMIN);

/**
 * Scans (gateway/README.md, "Scan routes"): the dashboard's lists, scan forms, moves, deletes, downloads, quotas.
 * Personal API tokens open the reads with `scans:read`, starting, moving and deleting with `scans:write`.
 */
@ApiTags('search')
@Authenticated()
@Controller()
export class SearchController {
  constructor(@Inject(SearchApiService) private readonly search: SearchApiService) {}

  @Get('api/search-info')
  @ApiScope('scans:read')
  @ApiOperation({ summary: 'My scans, newest first (filters, pages; total in x-total-count)' })
  @ApiOkResponse({ description: '{success, data: Todo[]}; header x-total-count' })
  async list(
    @CurrentUser() user: JwtUser,
    @Query() query: ListQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.listed(user, query, reply);
  }

  @Get('api/search-info/quota')
  @ApiScope('scans:read')
  @ApiOperation({ summary: 'My plans, the day’s and month’s searches used and left, the list limit' })
  async quota(@CurrentUser() user: JwtUser) {
    return ok(await this.search.quota(user.sub));
  }

  @Get('api/search-info/:state')
  @ApiScope('scans:read')
  @ApiOperation({
    summary:
      'A dashboard column (pending, ongoing, completed, archived), a {searchType}{status} list (deepCOMPLETED), or one scan by id',
  })
  @ApiOkResponse({ description: '{success, data: Todo[] | Todo}; 404 searchNotFound' })
  async byKey(
    @CurrentUser() user: JwtUser,
    @Param('state') key: string, // a column, a {searchType}{status} or a scan id
    @Query() query: ListQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (STATES.includes(key)) return this.listed(user, { ...query, state: key }, reply);
    const typeStatus = TYPE_STATUS.exec(key);
    if (typeStatus)
      return this.listed(
        user,
        { ...query, type: typeStatus[1] as ListQuery['type'], status: typeStatus[2] as ListQuery['status'] },
        reply,
      );
    return ok(await this.search.get(user.sub, key));
  }

  @Post('api/search-info')
  @ApiScope('scans:write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Start a Standard or Deep scan' })
  @ApiOkResponse({
    description:
      '{success, data: Todo}; 422 (the shared scan rules: required, tooLong, marketInvalid, storeUrl…, deepNotInMarket); 403 noStandardPlan | noDeepPlan; 429 monthlySearchLimitExceeded | noRemainingDailySearchRights | noRemainingDailyDeepSearchRights + Retry-After, data.retryAt',
  })
  async create(@CurrentUser() user: JwtUser, @Body() dto: CreateScanDto) {
    return ok(await this.search.create(user.sub, dto));
  }

  @Post('api/search-info/functional-search')
  @ApiScope('scans:write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Start a Functional scan (stars 0–5, prices ≥ 0, min ≤ max; CA and MX)' })
  @ApiOkResponse({
    description:
      '{success, data: Todo}; 422 functionalNotInMarket | starRange | priceInvalid | rangeInvalid (on the maximum); 403 noFunctionalPlan; 429',
  })
  async createFunctional(@CurrentUser() user: JwtUser, @Body() dto: FunctionalScanDto) {
    return ok(await this.search.create(user.sub, { ...dto, searchType: 'functional' }));
  }

  @Post('api/search-info/asin-check')
  @ApiScope('scans:write')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Start an ASIN check: is each ASIN sold on the market, its title, price, stars and badges',
  })
  @ApiOkResponse({
    description:
      '{success, data: Todo}; 422 required | asinInvalid | asinTooMany | marketInvalid; 403 noStandardPlan; 429 (the standard quota)',
  })
  async createAsinCheck(@CurrentUser() user: JwtUser, @Body() dto: AsinCheckDto) {
    return ok(await this.search.createAsinCheck(user.sub, dto));
  }

  @Post('api/search-info/estimate')
  @ApiScope('scans:write')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "The wait before a scan of this store ends: the engine's estimate for the store (one probe page at the polite rate)",
  })
  @ApiOkResponse({
    description:
      '{success, data: {etaSeconds, pages, reportedTotal, reportedTotalIsLowerBound}}; etaSeconds null when the store cannot be probed now; 422 the store link’s verdict (storeUrl…); 403 noStandardPlan | noDeepPlan | noFunctionalPlan (the plan of the scan type); 429 estimateTooMany (search.estimate.hourlyLimit a user and hour; Retry-After)',
  })
  async estimate(@CurrentUser() user: JwtUser, @Body() dto: EstimateDto) {
    return ok(await this.search.estimate(user.sub, dto));
  }

  @Post('api/search-info/batch')
  @ApiScope('scans:write')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Scan many stores of one market and type at once (at most 50): each store its own scan, the quota taken for the whole batch or not at all',
  })
  @ApiOkResponse({
    description:
      '{success, data: {batchId, scanIds, batch}}; 422 with errors[].field storeUrls.<line> (lines from 1) naming each bad line, batchTooManyStores, marketInvalid, searchTypeInvalid (nothing created); 403 noStandardPlan | noDeepPlan; 429 batchQuotaExceeded (says how many are left; nothing created)',
  })
  async createBatch(@CurrentUser() user: JwtUser, @Body() dto: BatchDto) {
    return ok(await this.search.createBatch(user.sub, dto));
  }

  @Get('api/search-info/batch')
  @ApiScope('scans:read')
  @ApiOperation({ summary: 'My batches, newest first (pages; total in x-total-count)' })
  @ApiOkResponse({
    description:
      '{success, data: [{id, searchType, market, fileName, keyword, createdAt, todos, progress: {asinsFound, finished, scans, percent}}]} (each as GET /api/search-info/batch/{batchId}); header x-total-count',
  })
  async batches(
    @CurrentUser() user: JwtUser,
    @Query() query: BatchListQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { batches, total } = await this.search.batches(user.sub, query.page ?? 0, query.size ?? 20);
    void reply.header('x-total-count', String(total));
    return ok(batches);
  }

  @Get('api/search-info/batch/:batchId')
  @ApiScope('scans:read')
  @ApiOperation({ summary: 'A batch: its scans (as todos) and their combined progress' })
  @ApiOkResponse({
    description:
      '{success, data: {id, searchType, market, fileName, keyword, createdAt, todos, progress: {asinsFound, finished, scans, percent}}}; 404 batchNotFound',
  })
  async batch(@CurrentUser() user: JwtUser, @Param('batchId') batchId: string) {
    return ok(await this.search.batch(user.sub, batchId));
  }

  @Get('api/search-info/batch/:batchId/download')
  @ApiScope('scans:read')
  @ApiOperation({
    summary:
      'A batch as one file: .txt, the union of its scans’ ASINs (each once); ?format=csv or xlsx: one row per store and ASIN with the store column and how many of the batch’s stores carry it; streamed; needs an active plan',
  })
  @ApiProduces('text/plain', 'text/csv', XLSX_TYPE)
  @ApiOkResponse({ description: 'an attachment named after the batch (RFC 6266); 403; 404 batchNotFound' })
  async batchDownload(
    @CurrentUser() user: JwtUser,
    @Param('batchId') batchId: string,
    @Query() query: DownloadQuery,
    @Res() reply: FastifyReply,
  ) {
    if (query.format === 'csv' || query.format === 'xlsx') {
      const { fileName, table } = await this.search.batchTable(user.sub, batchId);
      return sendTable(reply, fileName, table, query.format, currentLang());
    }
    const { fileName, body } = await this.search.batchTxt(user.sub, batchId);
    return reply
      .type('text/plain; charset=utf-8')
      .header('Content-Disposition', attachmentDisposition(`${fileName}.txt`))
      .header('Cache-Control', 'no-store')
      .send(body);
  }

  @Get('api/search-info/:id/asin-check')
  @ApiScope('scans:read')
  @ApiOperation({ summary: "An ASIN check's table, one row per ASIN (so far, while it runs); x-total-count" })
  @ApiOkResponse({
    description:
      '{success, data: [{asin, state: sold|unavailable|not-found, title, priceText, price, currency, stars, reviewCount, amazonsChoice, bestSeller}]}; 404 searchNotFound',
  })
  async asinCheckTable(
    @CurrentUser() user: JwtUser,
    @Param('id') id: string,
    @Query() query: AsinCheckQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { rows, total } = await this.search.asinCheckTable(user.sub, id, query.page ?? 0, query.size ?? 20);
    void reply.header('x-total-count', String(total));
    return ok(rows);
  }

  @Post('api/search-info/:id/rerun')
  @ApiScope('scans:write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Run a scan again: a new scan with the same inputs (counts against the quota)' })
  async rerun(@CurrentUser() user: JwtUser, @Param('id') id: string) {
    return ok(await this.search.rerun(user.sub, id));
  }

  @Get('api/search-info/:id/download')
  @ApiScope('scans:read')
  @ApiOperation({
    summary:
      'The scan as a file: .txt, the ASINs one a line (the partial list while the scan runs; of an ASIN check, the ones sold there); ?format=csv or xlsx: a table, one row per ASIN with what the scan saw of it (market, title, price and currency, list price, stars, ratings, Amazon’s Choice, Best Seller, Prime, also sponsored, book, category, first page and query, first seen), of an ASIN check its rows; needs an active plan',
  })
  @ApiProduces('text/plain', 'text/csv', XLSX_TYPE)
  @ApiOkResponse({
    description:
      'text/plain, text/csv (UTF-8 with BOM; ; and decimal comma in Turkish) or an XLSX workbook (typed cells, frozen header, autofilter), streamed, as an attachment named after the scan (RFC 6266); 403 noActivePlanForDownload; 404 searchNotFound',
  })
  async download(
    @CurrentUser() user: JwtUser,
    @Param('id') id: string,
    @Query() query: DownloadQuery,
    @Res() reply: FastifyReply,
  ) {
    if (query.format === 'csv' || query.format === 'xlsx') {
      const lang = currentLang();
      const { fileName, table } = await this.search.table(user.sub, id, lang);
      return sendTable(reply, fileName, table, query.format, lang);
    }
    const { fileName, body } = await this.search.download(user.sub, id);
    return reply
      .type('text/plain; charset=utf-8')
      .header('Content-Disposition', attachmentDisposition(`${fileName}.txt`))
      .header('Cache-Control', 'no-store')
      .send(body);
  }

  @Put('api/search-info/:id/status')
  @Authenticated(ROLE_ADMIN)
  @ApiOperation({
    summary: 'Admin: cancel a pending or running scan (CANCELED), re-queue a failed one (PENDING)',
  })
  @ApiOkResponse({ description: '{success, data: Todo}; 422 statusChangeNotAllowed; 404' })
  async changeStatus(@CurrentUser() user: JwtUser, @Param('id') id: string, @Body() dto: StatusDto) {
    return ok(await this.search.changeStatus(user.sub, id, dto.status), t('changeSaved'));
  }

  @Post('dashboard/:state')
  @ApiScope('scans:write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Move scans to a column: archived, or back to the column their status gives' })
  @ApiOkResponse({ description: "{success, message: 'Change has been saved.'}; 422 stateNotAllowed; 404" })
  async move(@CurrentUser() user: JwtUser, @Param('state') state: string, @Body() dto: MoveDto) {
    await this.search.move(
      user.sub,
      state,
      dto.todo.map((x) => x.id),
    );
    return { success: true, message: t('changeSaved') };
  }

  @Delete('dashboard/:todoId')
  @ApiScope('scans:write')
  @ApiOperation({ summary: 'Delete a scan (a running one is cancelled first)' })
  @ApiOkResponse({ description: "{success, message: 'Todo has been deleted.'}; 404" })
  async remove(@CurrentUser() user: JwtUser, @Param('todoId') id: string) {
    await this.search.delete(user.sub, id);
    return { success: true, message: t('todoDeleted') };
  }

  @Get('api/marketplace')
  @ApiScope('scans:read')
  @ApiOperation({ summary: 'The six markets: id, name, countryCode, marketPlaceId, suffix' })
  async marketplaces() {
    return ok(await this.search.marketplaces());
  }

  @Get('api/category')
  @ApiScope('scans:read')
  @ApiOperation({ summary: "A market's top-level departments, then 'All Categories'" })
  async categories(@Query() query: CategoryQuery) {
    return ok(await this.search.categories(query.market));
  }

  private async listed(user: JwtUser, query: ListQuery & { state?: string }, reply: FastifyReply) {
    const { todos, total } = await this.search.list(user.sub, query, Boolean(query.all) && isAdmin(user));
    void reply.header('x-total-count', String(total));
    return ok(todos);
  }
}

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
import { Authenticated } from '../auth/guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { JwtUser } from '../auth/jwt.strategy.js';
import { ok } from '../common/api-response.js';
import { currentLang, t } from '../common/i18n.js';
import { TrackerAsinsQuery, TrackerDownloadQuery, TrackerDto } from './search.dto.js';
import { attachmentDisposition } from './search.service.js';
import { sendTable } from './export/send.js';
import type { Column } from './export/table.js';
import { TrackersApiService } from './trackers.service.js';

/** A run's list as .csv: the ASIN and the title its tile showed. */
const RUN_LIST_COLUMNS: Column[] = [
  { header: { en: 'ASIN', tr: 'ASIN' }, type: 'text' },
  { header: { en: 'Title', tr: 'Başlık' }, type: 'text' },
];

const TRACKER_ERRORS =
  '422 (the shared tracker rules: storeUrl…, marketInvalid, deepNotInMarket, trackerTypeInvalid, scheduleInvalid, hourInvalid, weekdayInvalid; trackerLimit on storeUrl: tracking.maxStores; trackerScheduleTooOften on schedule: tracking.minInterval); 403 noStandardPlan | noDeepPlan';

/** Store tracking (issue 18; gateway/README.md, "Tracker routes"): a user's watch list of stores, their runs and diffs. */
@ApiTags('trackers')
@Authenticated()
@ApiScope('trackers:read')
@Controller('api/trackers')
export class TrackersController {
  constructor(@Inject(TrackersApiService) private readonly trackers: TrackersApiService) {}

  @Post()
  @ApiScope('trackers:write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Track a store: scanned again daily or weekly at an Istanbul hour' })
  @ApiOkResponse({ description: `{success, data: {id}}; ${TRACKER_ERRORS}` })
  async create(@CurrentUser() user: JwtUser, @Body() dto: TrackerDto) {
    return ok(await this.trackers.create(user.sub, dto), t('changeSaved'));
  }

  @Get()
  @ApiOperation({ summary: 'My tracked stores, oldest first' })
  @ApiOkResponse({
    description:
      '{success, data: Tracker[]}: {id, storeUrl, market, searchType, keyword, fileName, schedule, hour, weekday, paused, alerts: {email, webhook, telegram}, createdAt, nextRunAt, running, present, ever, lastRun}',
  })
  async list(@CurrentUser() user: JwtUser) {
    return ok(await this.trackers.list(user.sub));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One tracked store' })
  @ApiOkResponse({ description: '{success, data: Tracker}; 404' })
  async get(@CurrentUser() user: JwtUser, @Param('id') id: string) {
    return ok(await this.trackers.get(user.sub, id));
  }

  @Put(':id')
  @ApiScope('trackers:write')
  @ApiOperation({
    summary: 'Change a tracker (the whole tracker; its runs stay; another store starts a new baseline)',
  })
  @ApiOkResponse({ description: `{success, data: Tracker}; 404; ${TRACKER_ERRORS}` })
  async update(@CurrentUser() user: JwtUser, @Param('id') id: string, @Body() dto: TrackerDto) {
    return ok(await this.trackers.update(user.sub, id, dto), t('changeSaved'));
  }

  @Delete(':id')
  @ApiScope('trackers:write')
  @ApiOperation({
    summary: 'Stop tracking a store: its runs and ASINs are deleted (a running scan is cancelled)',
  })
  @ApiOkResponse({ description: '{success}; 404' })
  async remove(@CurrentUser() user: JwtUser, @Param('id') id: string) {
    await this.trackers.delete(user.sub, id);
    return { success: true, message: t('changeSaved') };
  }

  @Post(':id/run')
  @ApiScope('trackers:write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Run now (takes no scan quota)' })
  @ApiOkResponse({
    description: '{success, data: TrackerRun}; 409 trackerRunning; 403 noStandardPlan | noDeepPlan; 404',
  })
  async run(@CurrentUser() user: JwtUser, @Param('id') id: string) {
    return ok(await this.trackers.run(user.sub, id));
  }

  @Post(':id/pause')
  @ApiScope('trackers:write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pause a tracker (no scheduled runs)' })
  @ApiOkResponse({ description: '{success, data: Tracker}; 404' })
  async pause(@CurrentUser() user: JwtUser, @Param('id') id: string) {
    return ok(await this.trackers.pause(user.sub, id, true), t('changeSaved'));
  }

  @Post(':id/resume')
  @ApiScope('trackers:write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resume a tracker (the next run at its next scheduled hour)' })
  @ApiOkResponse({ description: '{success, data: Tracker}; 404' })
  async resume(@CurrentUser() user: JwtUser, @Param('id') id: string) {
    return ok(await this.trackers.pause(user.sub, id, false), t('changeSaved'));
  }

  @Get(':id/runs')
  @ApiOperation({ summary: "A tracker's runs, newest first, each with its stored diff" })
  @ApiOkResponse({
    description:
      '{success, data: TrackerRun[]}: {id, scanId, status, startedAt, finishedAt, coverage (0..1), complete, baseline, found, added, removed, addedCount, removedCount, notSeen, aboveLimit}; 404',
  })
  async runs(@CurrentUser() user: JwtUser, @Param('id') id: string) {
    return ok(await this.trackers.runs(user.sub, id));
  }

  @Get(':id/asins')
  @ApiOperation({
    summary: 'The ASINs a tracker has seen, paged as the scan lists are (total in x-total-count)',
  })
  @ApiOkResponse({ description: '{success, data: [{asin, title, firstSeen, lastSeen, present}]}; 404' })
  async asins(
    @CurrentUser() user: JwtUser,
    @Param('id') id: string,
    @Query() query: TrackerAsinsQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { rows, total } = await this.trackers.asins(
      user.sub,
      id,
      query.page ?? 0,
      query.size ?? 20,
      query.present,
    );
    void reply.header('x-total-count', String(total));
    return ok(rows);
  }

  @Get(':id/runs/:runId/download')
  @ApiOperation({ summary: "A run's added or removed ASINs as .txt (one a line) or .csv (ASIN, title)" })
  @ApiProduces('text/plain', 'text/csv')
  @ApiOkResponse({ description: 'text/plain or text/csv (UTF-8 with BOM) attachment; 404' })
  async download(
    @CurrentUser() user: JwtUser,
    @Param('id') id: string,
    @Param('runId') runId: string,
    @Query() query: TrackerDownloadQuery,
    @Res() reply: FastifyReply,
  ) {
    const format = query.format ?? 'txt';
    const file = await this.trackers.runList(user.sub, id, runId, query.list ?? 'added', format === 'csv');
    if (format === 'csv')
      return sendTable(
        reply,
        file.fileName,
        { columns: RUN_LIST_COLUMNS, pages: [file.rows] },
        'csv',
        currentLang(),
      );
    return reply
      .type('text/plain; charset=utf-8')
      .header('Content-Disposition', attachmentDisposition(`${file.fileName}.txt`))
      .header('Cache-Control', 'no-store')
      .send(file.rows.map(([asin]) => `${asin}\n`).join(''));
  }
}

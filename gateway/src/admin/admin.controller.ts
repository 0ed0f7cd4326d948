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
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Authenticated, ROLE_ADMIN } from '../auth/guards.js';
import type { JwtUser } from '../auth/jwt.strategy.js';
import { ok } from '../common/api-response.js';
import { t } from '../common/i18n.js';
import {
  ChartsQuery,
  ContactDto,
  PageQuery,
  SystemParameterDto,
  UsersQuery,
  parseParameterList,
} from './admin.dto.js';
import { AdminGatewayService } from './admin.service.js';

/** A page of a list: the items as data, the total in the x-total-count header (product spec part 7). */
function page<T>(reply: FastifyReply, list: { items: T[]; total: number }) {
  void reply.header('x-total-count', String(list.total));
  return ok(list.items);
}

/** The admin pages' API (ROLE_ADMIN here, and again in the admin and auth services). */
@ApiTags('admin')
@Authenticated(ROLE_ADMIN)
@Controller('api')
export class AdminController {
  constructor(@Inject(AdminGatewayService) private readonly admin: AdminGatewayService) {}

  @Get('system-parameter')
  @ApiOperation({ summary: 'The system parameters: the whole list (key, description, value1–3)' })
  @ApiOkResponse({ type: [SystemParameterDto] })
  async systemParameters() {
    return ok(await this.admin.systemParameters());
  }

  @Put('system-parameter')
  @ApiOperation({
    summary:
      'Save the whole list; applied by every service within seconds; recorded (who, when, before, after)',
  })
  @ApiBody({ type: [SystemParameterDto] })
  @ApiOkResponse({ description: '{success, message, data: the saved list}; 422 per item and field' })
  async updateSystemParameters(@CurrentUser() user: JwtUser, @Body() body: unknown) {
    return ok(await this.admin.updateSystemParameters(user, parseParameterList(body)), t('changeSaved'));
  }

  @Get('admin/system-parameter/changes')
  @ApiOperation({ summary: 'Who changed the system parameters, when, before and after; newest first' })
  async systemParameterChanges(
    @CurrentUser() user: JwtUser,
    @Query() q: PageQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return page(reply, await this.admin.systemParameterChanges(user, q.page, q.size));
  }

  @Get('admin/users')
  @ApiOperation({ summary: 'Users, searched by email or name, paged (total in x-total-count)' })
  async users(
    @CurrentUser() user: JwtUser,
    @Query() q: UsersQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return page(reply, await this.admin.users(user, q.search, q.page, q.size));
  }

  @Get('admin/users/:email')
  @ApiOperation({
    summary:
      'One user: account, membership and plan flags, creation date, plans, invoices (with refunds), scan counts',
  })
  async user(@CurrentUser() user: JwtUser, @Param('email') email: string) {
    return ok(await this.admin.user(user, email));
  }

  @Get('admin/users/:email/activity')
  @ApiOperation({
    summary: "The user's activity from the event log, newest first: [{at, type, summary, facts}]",
  })
  async activity(
    @CurrentUser() user: JwtUser,
    @Param('email') email: string,
    @Query() q: PageQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return page(reply, await this.admin.activity(user, email, q.page, q.size));
  }

  @Delete('admin/users/:email')
  @ApiOperation({
    summary:
      'Delete a user (not yourself, not an admin): personal data removed in every service, invoices kept anonymised',
  })
  @ApiOkResponse({
    description:
      '{success, message, data: {userId, email, deletedAt}}; 404 userNotFound; 409 cannotDeleteSelf | cannotDeleteAdmin',
  })
  async deleteUser(@CurrentUser() user: JwtUser, @Param('email') email: string) {
    return ok(await this.admin.deleteUser(user, email), t('userDeleted'));
  }

  @Put('admin/users/:email/activate')
  @ApiOperation({ summary: 'Turn the membership on' })
  async activate(@CurrentUser() user: JwtUser, @Param('email') email: string) {
    return ok(await this.admin.setActive(user, email, true), t('changeSaved'));
  }

  @Put('admin/users/:email/deactivate')
  @ApiOperation({ summary: 'Turn the membership off: no login (membershipInactive), tokens refused' })
  async deactivate(@CurrentUser() user: JwtUser, @Param('email') email: string) {
    return ok(await this.admin.setActive(user, email, false), t('changeSaved'));
  }

  @Get('admin/counters')
  @ApiOperation({ summary: 'The counters of the admin home (definitions: services/admin/README.md)' })
  async counters(@CurrentUser() user: JwtUser) {
    return ok(await this.admin.counters(user));
  }

  @Get('admin/charts')
  @ApiOperation({
    summary:
      'Charts of the admin home over Istanbul days (default the last 30): scans per day by type, sign-ups per day, revenue per month (kuruş, net of refunds), failures by reason',
  })
  async charts(@CurrentUser() user: JwtUser, @Query() q: ChartsQuery) {
    return ok(await this.admin.charts(user, q.from, q.to));
  }

  @Post('admin/read-models/rebuild')
  @HttpCode(200)
  @ApiOperation({ summary: "Project the admin's read models again from its event log" })
  async rebuild(@CurrentUser() user: JwtUser) {
    return ok(await this.admin.rebuildReadModels(user));
  }

  @Get('admin/contact-messages')
  @ApiOperation({ summary: 'Contact-form messages, newest first (total in x-total-count)' })
  async contactMessages(
    @CurrentUser() user: JwtUser,
    @Query() q: PageQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return page(reply, await this.admin.contactMessages(user, q.page, q.size));
  }
}

/** The contact form of logged-in users. */
@ApiTags('contact')
@Authenticated()
@Controller('api')
export class ContactController {
  constructor(@Inject(AdminGatewayService) private readonly admin: AdminGatewayService) {}

  @Post('contact')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a message to support (name and email from the account); 5 an hour' })
  @ApiOkResponse({
    description: '{success, message, data: {id}}; 422 required; 429 contactTooMany + Retry-After',
  })
  async send(@CurrentUser() user: JwtUser, @Body() dto: ContactDto) {
    return ok(await this.admin.sendContact(user, dto.contactSubject, dto.contactTitle), t('contactSent'));
  }

  @Get('contact-info')
  @ApiOperation({
    summary: 'The WhatsApp number and support email of the contact button (system parameters)',
  })
  @ApiOkResponse({ description: '{success, data: {whatsapp, supportEmail}}' })
  async contactInfo() {
    return ok(await this.admin.contactInfo());
  }
}

import { assertAdmin } from '@shelfscan/service';
import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { RpcHandler } from '@shelfscan/bus';
import { adminV1 } from '@shelfscan/contracts';
import { ChartsService } from './charts/charts.service.js';
import { ContactService } from './contact/contact.service.js';
import { CountersService } from './counters/counters.service.js';
import { EventLog } from './read-models/event-log.js';
import { UserDeletionService } from './users/user-deletion.service.js';
import { UsersService } from './users/users.service.js';

const { AdminService } = adminV1;

/** The admin service's bus API besides the system parameters: one line per handler. */
@Controller()
export class AdminHandlers {
  constructor(
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(CountersService) private readonly counters: CountersService,
    @Inject(ContactService) private readonly contact: ContactService,
    @Inject(EventLog) private readonly eventLog: EventLog,
    @Inject(ChartsService) private readonly charts: ChartsService,
    @Inject(UserDeletionService) private readonly deletion: UserDeletionService,
  ) {}

  @RpcHandler(AdminService.method.listUsers)
  listUsers(@Payload() req: adminV1.ListUsersRequest) {
    return this.users.list(req);
  }

  @RpcHandler(AdminService.method.getUser)
  getUser(@Payload() req: adminV1.GetUserRequest) {
    return this.users.get(req);
  }

  @RpcHandler(AdminService.method.listUserActivity)
  listUserActivity(@Payload() req: adminV1.ListUserActivityRequest) {
    return this.users.activity(req);
  }

  @RpcHandler(AdminService.method.deleteUser)
  deleteUser(@Payload() req: adminV1.DeleteUserRequest) {
    return this.deletion.request(req);
  }

  @RpcHandler(AdminService.method.setUserActive)
  setUserActive(@Payload() req: adminV1.SetUserActiveRequest) {
    return this.users.setActive(req);
  }

  @RpcHandler(AdminService.method.getCounters)
  getCounters(@Payload() req: adminV1.GetCountersRequest) {
    return this.counters.get(req);
  }

  @RpcHandler(AdminService.method.getCharts)
  getCharts(@Payload() req: adminV1.GetChartsRequest) {
    return this.charts.get(req);
  }

  @RpcHandler(AdminService.method.rebuildReadModels)
  async rebuild(@Payload() req: adminV1.RebuildReadModelsRequest) {
    assertAdmin(req.caller);
    return { events: await this.eventLog.rebuild() };
  }

  @RpcHandler(AdminService.method.sendContactMessage)
  sendContactMessage(@Payload() req: adminV1.SendContactMessageRequest) {
    return this.contact.send(req);
  }

  @RpcHandler(AdminService.method.getContactInfo)
  getContactInfo() {
    return this.contact.contactInfo();
  }

  @RpcHandler(AdminService.method.listContactMessages)
  listContactMessages(@Payload() req: adminV1.ListContactMessagesRequest) {
    return this.contact.list(req);
  }
}

import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { RpcHandler } from '@shelfscan/bus';
import { adminV1 } from '@shelfscan/contracts';
import { ParametersService } from './parameters.service.js';

const { AdminService } = adminV1;

/** System parameters on the bus: the start-up fetch of every service, the admin's edit and audit. */
@Controller()
export class ParametersHandlers {
  constructor(@Inject(ParametersService) private readonly parameters: ParametersService) {}

  @RpcHandler(AdminService.method.getSystemParameters)
  get() {
    return { parameters: this.parameters.list() };
  }

  @RpcHandler(AdminService.method.updateSystemParameters)
  async update(@Payload() req: adminV1.UpdateSystemParametersRequest) {
    return { parameters: await this.parameters.update(req) };
  }

  @RpcHandler(AdminService.method.listSystemParameterChanges)
  changes(@Payload() req: adminV1.ListSystemParameterChangesRequest) {
    return this.parameters.changes(req);
  }
}

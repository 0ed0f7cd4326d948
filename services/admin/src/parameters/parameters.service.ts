import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { BusError, OutboxRelay, addToOutbox } from '@shelfscan/bus';
import { adminEventsV1, type adminV1 } from '@shelfscan/contracts';
import { createLogger } from '@shelfscan/observability';
import { Clock, SystemParameters, type SystemParameterValue, assertAdmin } from '@shelfscan/service';
import { DataSource } from 'typeorm';
import { paging } from '../common/paging.js';
import { validateParameters } from './parameter-rules.js';
import { ParametersRepository } from './parameters.repository.js';

const log = createLogger('admin');

/**
 * The system parameters, owned here: stored in the admin schema, edited as one list, every save
 * recorded (who, when, before, after) and published as SystemParametersChanged through the outbox,
 * so every service applies it within seconds. Until the first save, the catalogue's defaults apply.
 */
@Injectable()
export class ParametersService implements OnApplicationBootstrap {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ParametersRepository) private readonly repository: ParametersRepository,
    @Inject(SystemParameters) private readonly current: SystemParameters,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * At start: this service's own SystemParameters from the stored list, and the stored list
   * published again, so services that started before this one (with the defaults) catch up.
   */
  async onApplicationBootstrap(): Promise<void> {
    const stored = await this.repository.all();
    if (!stored.length) return;
    this.current.apply(stored);
    await this.dataSource.transaction((manager) =>
      addToOutbox(manager, adminEventsV1.SystemParametersChangedSchema, {
        parameters: stored,
        changedBy: '',
        changedAt: this.clock.now().toISOString(),
      }),
    );
    this.outbox.nudge();
  }

  /** The current list: the stored one, or the catalogue's defaults before the first save. */
  list(): SystemParameterValue[] {
    return this.current.all();
  }

  async update(req: adminV1.UpdateSystemParametersRequest): Promise<SystemParameterValue[]> {
    const admin = assertAdmin(req.caller);
    const { values, violations } = validateParameters(req.parameters);
    if (violations.length) {
      throw new BusError('INVALID_ARGUMENT', violations.map((v) => v.msg).join('\n'), {
        reason: 'systemParametersInvalid',
        violations,
      });
    }
    const changedAt = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      await this.repository.lock(manager);
      const stored = await this.repository.all(manager);
      const before = stored.length ? stored : this.current.all();
      await this.repository.replace(values, manager);
      await this.repository.recordChange({ changedBy: admin, changedAt, before, after: values }, manager);
      await addToOutbox(manager, adminEventsV1.SystemParametersChangedSchema, {
        parameters: values,
        changedBy: admin,
        changedAt: changedAt.toISOString(),
      });
    });
    // This service applies it at once (and again, harmlessly, when its own event comes back).
    this.current.apply(values);
    this.outbox.nudge();
    log.info({ changedBy: admin }, 'system parameters saved');
    return values;
  }

  async changes(req: adminV1.ListSystemParameterChangesRequest) {
    assertAdmin(req.caller);
    const { limit, offset } = paging(req.page, req.size);
    const { rows, total } = await this.repository.changes(limit, offset);
    return {
      total,
      changes: rows.map((r) => ({
        id: r.id,
        changedBy: r.changedBy,
        changedAt: r.changedAt.toISOString(),
        before: r.before,
        after: r.after,
      })),
    };
  }
}

import { Module } from '@nestjs/common';
import { ChartsService } from './charts/charts.service.js';
import { ContactMailRetry } from './contact/contact-mail-retry.js';
import { ContactRepository } from './contact/contact.repository.js';
import { ContactService } from './contact/contact.service.js';
import { CountersService } from './counters/counters.service.js';
import { ParametersRepository } from './parameters/parameters.repository.js';
import { ParametersService } from './parameters/parameters.service.js';
import { EventLog } from './read-models/event-log.js';
import { UserDeletionService } from './users/user-deletion.service.js';
import { UsersRepository } from './users/users.repository.js';
import { UsersService } from './users/users.service.js';

const providers = [
  ParametersRepository,
  ParametersService,
  EventLog,
  UsersRepository,
  UsersService,
  CountersService,
  ChartsService,
  UserDeletionService,
  ContactRepository,
  ContactService,
  ContactMailRetry,
];

/** The admin features: system parameters, read models, users (and their deletion), counters, charts, contact messages. */
@Module({ providers, exports: providers })
export class AdminModule {}

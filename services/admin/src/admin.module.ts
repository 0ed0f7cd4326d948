import { Module } from '@nestjs/common';
import { ContactRepository } from './contact/contact.repository.js';
import { ContactService } from './contact/contact.service.js';
import { CountersService } from './counters/counters.service.js';
import { ParametersRepository } from './parameters/parameters.repository.js';
import { ParametersService } from './parameters/parameters.service.js';
import { EventLog } from './read-models/event-log.js';
import { UsersRepository } from './users/users.repository.js';
import { UsersService } from './users/users.service.js';

const providers = [
  ParametersRepository,
  ParametersService,
  EventLog,
  UsersRepository,
  UsersService,
  CountersService,
  ContactRepository,
  ContactService,
];

/** The admin features: system parameters, read models, users, counters, contact messages. */
@Module({ providers, exports: providers })
export class AdminModule {}

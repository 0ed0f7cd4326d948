import { mailerPort } from '@shelfscan/mail';
import { defineService } from '@shelfscan/service';
import { DashboardHandlers } from './dashboard.handlers.js';
import { ContactHandlers } from './contact/contact.handlers.js';
import { AdminModule } from './admin.module.js';
import { adminEnvSchema } from './config.js';
import { ContactMailer, MailerContactMailer } from './contact/contact-mailer.js';
import { adminMigrations } from './db/index.js';
import { ParametersHandlers } from './parameters/parameters.handlers.js';
import { ReadModelHandlers } from './read-models/read-models.handlers.js';
import { UserDeletedHandler } from './users/user-deleted.handler.js';
import { UsersHandlers } from './users/users.handlers.js';

/**
 * The admin service: owns the system parameters, keeps its read models (users, plans, scans,
 * invoices) from events, computes the admin counters and charts, deletes users (UserDeleted),
 * stores and mails the contact-form messages.
 */
export const adminService = defineService({
  name: 'admin',
  envSchema: adminEnvSchema,
  migrations: adminMigrations,
  ownsSystemParameters: true,
  ports: [mailerPort, { provide: ContactMailer, useClass: MailerContactMailer }],
  modules: [AdminModule],
  handlers: [
    ParametersHandlers,
    UsersHandlers,
    DashboardHandlers,
    ContactHandlers,
    ReadModelHandlers,
    UserDeletedHandler,
  ],
});

export * from './config.js';
export * from './auth.service-host.js';
export { Mailer, SmsSender, type MailMessage } from './notifications/index.js';
export { UsersService } from './users/users.service.js';

export * from './admin.service-host.js';
export { ContactMailer, type ContactMail } from './contact/contact-mailer.js';

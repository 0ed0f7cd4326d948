import { busHandlers } from '@shelfscan/bus';
import { adminV1 } from '@shelfscan/contracts';
import { ContactService } from './contact.service.js';

/** The contact form on the bus: a visitor's message, the contact details, the admin's list. */
export const ContactHandlers = busHandlers({ contact: ContactService }, (on) => [
  on.rpc(adminV1.AdminService, {
    sendContactMessage: (req, { contact }) => contact.send(req),
    getContactInfo: (_, { contact }) => contact.contactInfo(),
    listContactMessages: (req, { contact }) => contact.list(req),
  }),
]);

import { baseEnvSchema } from '@shelfscan/config';
import { mailEnvFields } from '@shelfscan/mail';

/** The admin service's variables: the base ones and the mail transport (the contact form). */
export const adminEnvSchema = baseEnvSchema.extend(mailEnvFields);

import { busHandlers } from '@shelfscan/bus';
import { authV1 } from '@shelfscan/contracts';
import { PasswordResetService } from './password-reset.service.js';
import { PhoneVerificationService } from './phone-verification.service.js';
import { ProfileService } from './profile.service.js';
import { SessionsService } from './sessions.service.js';

const inject = {
  reset: PasswordResetService,
  profile: ProfileService,
  phone: PhoneVerificationService,
  sessions: SessionsService,
};

/** The auth service's bus API for password reset and change, logout, my information, photo and phone: one line each. */
export const AccountHandlers = busHandlers(inject, (on) => [
  on.rpc(authV1.AuthService, {
    requestPasswordReset: (req, { reset }) => reset.request(req.email),
    completePasswordReset: (req, { reset }) => reset.complete(req.email, req.key, req.password),
    changePassword: (req, { sessions }) =>
      sessions.changePassword(req.email, req.currentPassword, req.newPassword),
    revokeToken: (req, { sessions }) => sessions.revoke(req.token),
    updateAccount: (req, { profile }) => profile.update(req),
    setPhoto: (req, { profile }) => profile.setPhoto(req.email, req.content),
    getPhoto: (req, { profile }) => profile.getPhoto(req.userId),
    sendPhoneCode: (req, { phone }) => phone.send(req.email, req.phone),
    checkPhoneCode: (req, { phone }) => phone.check(req.email, req.code),
  }),
]);

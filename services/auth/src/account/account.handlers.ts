import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { RpcHandler } from '@shelfscan/bus';
import { authV1 } from '@shelfscan/contracts';
import { PasswordResetService } from './password-reset.service.js';
import { PhoneVerificationService } from './phone-verification.service.js';
import { ProfileService } from './profile.service.js';
import { SessionsService } from './sessions.service.js';

const { AuthService } = authV1;

/** The auth service's bus API for password reset and change, logout, my information, photo and phone: one line each. */
@Controller()
export class AccountHandlers {
  constructor(
    @Inject(PasswordResetService) private readonly reset: PasswordResetService,
    @Inject(ProfileService) private readonly profile: ProfileService,
    @Inject(PhoneVerificationService) private readonly phone: PhoneVerificationService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
  ) {}

  @RpcHandler(AuthService.method.requestPasswordReset)
  async requestPasswordReset(@Payload() req: authV1.RequestPasswordResetRequest) {
    await this.reset.request(req.email);
    return {};
  }

  @RpcHandler(AuthService.method.completePasswordReset)
  async completePasswordReset(@Payload() req: authV1.CompletePasswordResetRequest) {
    await this.reset.complete(req.email, req.key, req.password);
    return {};
  }

  @RpcHandler(AuthService.method.changePassword)
  changePassword(@Payload() req: authV1.ChangePasswordRequest) {
    return this.sessions.changePassword(req.email, req.currentPassword, req.newPassword);
  }

  @RpcHandler(AuthService.method.revokeToken)
  async revokeToken(@Payload() req: authV1.RevokeTokenRequest) {
    await this.sessions.revoke(req.token);
    return {};
  }

  @RpcHandler(AuthService.method.updateAccount)
  async updateAccount(@Payload() req: authV1.UpdateAccountRequest) {
    await this.profile.update(req);
    return {};
  }

  @RpcHandler(AuthService.method.setPhoto)
  setPhoto(@Payload() req: authV1.SetPhotoRequest) {
    return this.profile.setPhoto(req.email, req.content);
  }

  @RpcHandler(AuthService.method.getPhoto)
  getPhoto(@Payload() req: authV1.GetPhotoRequest) {
    return this.profile.getPhoto(req.userId);
  }

  @RpcHandler(AuthService.method.sendPhoneCode)
  sendPhoneCode(@Payload() req: authV1.SendPhoneCodeRequest) {
    return this.phone.send(req.email, req.phone);
  }

  @RpcHandler(AuthService.method.checkPhoneCode)
  checkPhoneCode(@Payload() req: authV1.CheckPhoneCodeRequest) {
    return this.phone.check(req.email, req.code);
  }
}

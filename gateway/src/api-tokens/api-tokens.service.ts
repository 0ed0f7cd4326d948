import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { BusClient } from '@shelfscan/bus';
import { authV1 } from '@shelfscan/contracts';
import { API_TOKEN_PREFIX, type ApiTokenRequest } from '@shelfscan/validation';
import { apiTokenHash } from '../auth/api-tokens.js';

const { AuthService } = authV1;

/** Random bytes of a token: 256 bits, written base64url (43 characters after `ss_`). */
const TOKEN_BYTES = 32;

const shaped = (t: authV1.ApiToken | undefined) => ({
  id: t?.id ?? '',
  name: t?.name ?? '',
  scopes: t?.scopes ?? [],
  createdAt: t?.createdAt || null,
  expiresAt: t?.expiresAt || null,
  lastUsedAt: t?.lastUsedAt || null,
});

/**
 * The account page's API tokens. The token is made here and only its SHA-256 goes to the auth
 * service: the token itself is in the one answer to its creation and nowhere else.
 */
@Injectable()
export class ApiTokensGatewayService {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  async create(email: string, dto: ApiTokenRequest) {
    const token = API_TOKEN_PREFIX + randomBytes(TOKEN_BYTES).toString('base64url');
    const r = await this.bus.request(AuthService.method.createApiToken, {
      email,
      name: dto.name,
      scopes: dto.scopes,
      expiresAt: dto.expiresAt ?? '',
      tokenHash: apiTokenHash(token),
    });
    return { ...shaped(r.token), token };
  }

  async list(email: string) {
    const r = await this.bus.request(AuthService.method.listApiTokens, { email });
    return r.tokens.map(shaped);
  }

  async revoke(email: string, id: string): Promise<void> {
    // Every gateway replica asks auth on each request (auth/api-tokens.ts): refused everywhere now.
    await this.bus.request(AuthService.method.revokeApiToken, { email, id });
  }
}

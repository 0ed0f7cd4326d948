import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiExtension, ApiForbiddenResponse, ApiSecurity } from '@nestjs/swagger';
import type { ApiTokenScope } from '@shelfscan/validation';

export { API_TOKEN_SCOPES, type ApiTokenScope } from '@shelfscan/validation';

export const API_SCOPE = 'shelfscan:api-scope';
/** The OpenAPI security scheme of personal API tokens (`Authorization: Bearer ss_…`). */
export const API_TOKEN_SCHEME = 'apiToken';

/**
 * The one place a route says which API token scope opens it (issue 19): the auth guard reads it
 * (a token without the scope is a 403 naming it; a route without `@ApiScope` refuses API tokens),
 * and the OpenAPI document shows it (`x-api-token-scope`, the `apiToken` scheme). On a controller
 * class it covers every method that does not name its own.
 */
export function ApiScope(scope: ApiTokenScope) {
  return applyDecorators(
    SetMetadata(API_SCOPE, scope),
    ApiSecurity(API_TOKEN_SCHEME),
    ApiExtension('x-api-token-scope', scope),
    ApiForbiddenResponse({ description: `an API token without the scope ${scope} (apiTokenScopeMissing)` }),
  );
}

/** The payload of `POST /api/account/tokens`: the shared rules of @shelfscan/validation (the form's too). */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPES,
  apiTokenRequest,
  type ApiTokenRequest,
  type ApiTokenScope,
} from '@shelfscan/validation';
import { SchemaDto } from '../common/validation.js';

export class CreateApiTokenDto extends SchemaDto(apiTokenRequest) implements ApiTokenRequest {
  @ApiProperty({ maxLength: API_TOKEN_NAME_MAX, description: 'what the token is for (shown in the list)' })
  name!: string;

  @ApiProperty({ enum: API_TOKEN_SCOPES, isArray: true, description: 'what the token may do (at least one)' })
  scopes!: ApiTokenScope[];

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'ISO 8601 with an offset, in the future; absent or null: the token does not expire',
  })
  expiresAt?: string | null;
}

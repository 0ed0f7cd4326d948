/** The payloads of the webhook routes (issue 18): the shared schema of @shelfscan/validation. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WEBHOOK_EVENTS, type WebhookEvent, webhookRequest } from '@shelfscan/validation';
import { z } from 'zod';
import { SchemaDto } from '../common/validation.js';

export class CreateWebhookDto extends SchemaDto(webhookRequest) implements z.output<typeof webhookRequest> {
  @ApiProperty({
    example: 'https://hooks.example.com/shelfscan',
    description:
      'https to a public address (loopback, private, link-local and metadata addresses are refused)',
  })
  url!: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true }) events!: WebhookEvent[];
  @ApiPropertyOptional({ maxLength: 200 }) description?: string;
}

const deliveriesQuery = z.strictObject({
  limit: z.coerce
    .number({ error: 'sizeInvalid' })
    .int({ error: 'sizeInvalid' })
    .min(1, { error: 'sizeInvalid' })
    .max(100, { error: 'sizeInvalid' })
    .optional(),
});

export class DeliveriesQuery extends SchemaDto(deliveriesQuery) implements z.output<typeof deliveriesQuery> {
  @ApiPropertyOptional({ default: 50, maximum: 100 }) limit?: number;
}

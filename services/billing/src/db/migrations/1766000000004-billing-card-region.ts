import { sqlMigration } from '@shelfscan/db';

/**
 * The card's billing address gets the region of its own (`region`: the iso2 of the built-in
 * lists of TR, US and GB; `regionName`: its name), no longer typed into the city by the web form.
 * Cards saved before have none: both are set to '' so that every row has the same shape.
 */
export const BillingCardRegion1766000000004 = sqlMigration('BillingCardRegion1766000000004', {
  up: [
    `UPDATE card SET billing = jsonb_build_object('region', '', 'regionName', '') || billing
      WHERE NOT (billing ? 'region' AND billing ? 'regionName')`,
    `ALTER TABLE card ADD CONSTRAINT card_billing_region
      CHECK (jsonb_typeof(billing -> 'region') IS NOT DISTINCT FROM 'string'
        AND jsonb_typeof(billing -> 'regionName') IS NOT DISTINCT FROM 'string')`,
  ],
  down: [
    `ALTER TABLE card DROP CONSTRAINT card_billing_region`,
    `UPDATE card SET billing = billing - 'region' - 'regionName'`,
  ],
});

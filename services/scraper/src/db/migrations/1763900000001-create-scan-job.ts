import { sqlMigration } from '@shelfscan/db';

/** Durable scan jobs (leased to workers) and the ASINs each has found, one row each. */
export const CreateScanJob1763900000001 = sqlMigration('CreateScanJob1763900000001', {
  up: [
    `CREATE TABLE scan_job (
      id uuid PRIMARY KEY,
      spec jsonb NOT NULL,
      status text NOT NULL DEFAULT 'queued'
        CONSTRAINT scan_job_status_check CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled')),
      attempts integer NOT NULL DEFAULT 0,
      blocked_retries integer NOT NULL DEFAULT 0,
      available_at timestamptz NOT NULL DEFAULT now(),
      lease_owner text,
      lease_until timestamptz,
      checkpoint jsonb,
      progress jsonb,
      result jsonb,
      error text,
      error_code text,
      cancel_requested boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz
    )`,
    `CREATE INDEX scan_job_claimable ON scan_job (available_at, created_at) WHERE status IN ('queued', 'running')`,
    `CREATE TABLE scan_asin (
      scan_id uuid NOT NULL REFERENCES scan_job (id) ON DELETE CASCADE,
      asin text NOT NULL,
      seq bigserial NOT NULL,
      found_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (scan_id, asin)
    )`,
    'CREATE INDEX scan_asin_order ON scan_asin (scan_id, seq)',
  ],
  down: ['DROP TABLE scan_asin', 'DROP TABLE scan_job'],
});

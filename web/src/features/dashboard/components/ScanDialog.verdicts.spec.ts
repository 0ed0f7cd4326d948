import { schemaResolver } from '@mantine/form';
import { asinCheckForm, functionalScanForm, storeScanForm, type FormSchema } from '@shelfscan/validation';
import { describe, expect, it } from 'vitest';
import {
  SCAN_VERDICTS,
  VALID_SCANS,
  type ScanVerdictRow,
} from '../../../../../libs/validation/test/verdict-table';
import { LIST_LIMIT } from '../model';
import { INITIAL_SCAN_VALUES } from './ScanDialog';

/** The dialog's schema and values for a row of the shared table (the API payload's fields, as typed). */
function formOf(row: ScanVerdictRow): [FormSchema<Record<string, unknown>>, Record<string, unknown>] {
  const { searchType, ...values } = { ...VALID_SCANS[row.form], ...row.change } as Record<string, unknown>;
  if (row.form === 'asinCheck')
    return [asinCheckForm(LIST_LIMIT) as unknown as FormSchema<Record<string, unknown>>, values];
  const schema = row.form === 'functionalScan' ? functionalScanForm : storeScanForm(searchType as 'standard');
  return [schema as unknown as FormSchema<Record<string, unknown>>, { ...INITIAL_SCAN_VALUES, ...values }];
}

describe('scan dialogs: the same verdicts as the gateway and the search service', () => {
  it.each(SCAN_VERDICTS.map((r) => [`${r.form}: ${r.case}`, r] as const))('%s', (_name, row) => {
    const [schema, values] = formOf(row);
    // Exactly what useSchemaForm gives @mantine/form.
    const errors = schemaResolver(schema, { sync: true })(values);
    expect(errors).toEqual(row.verdict === null ? {} : { [row.field!]: row.verdict });
  });
});

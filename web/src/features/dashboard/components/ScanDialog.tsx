import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { marketCodesFor, type MarketScanType } from '@shelfscan/markets';
import {
  functionalScanForm,
  STAR_MAX,
  STAR_MIN,
  storeScanForm,
  type FormSchema,
  type Market,
} from '@shelfscan/validation';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '../../../app/api';
import { useSchemaForm } from '../../../lib/form';
import {
  useCategoriesQuery,
  useCreateFunctionalScanMutation,
  useCreateScanMutation,
} from '../api/dashboardApi';
import { useMarketNames } from '../../../lib/useMarketNames';
import { categoryLabel, type Quota } from '../model';
import { DeepWait } from './DeepWait';
import { QuotaNote } from './QuotaNote';
import { useCreateError } from './useCreateError';

type ScanType = 'standard' | 'deep' | 'FUNCTIONAL';
type Bound = number | string | null;

interface Values extends Record<string, unknown> {
  fileName: string;
  storeUrl: string;
  keyword: string;
  market: string;
  categories: string[];
  amazonChoice: boolean;
  bestSeller: boolean;
  minStar: Bound;
  maxStar: Bound;
  minPrice: Bound;
  maxPrice: Bound;
}

/** What the dialog holds before anything is typed (empty number boxes are ''). */
export const INITIAL_SCAN_VALUES: Values = {
  fileName: '',
  storeUrl: '',
  keyword: '',
  market: '',
  categories: [],
  amazonChoice: false,
  bestSeller: false,
  minStar: '',
  maxStar: '',
  minPrice: '',
  maxPrice: '',
};

const MARKET_SCAN_TYPE: Record<ScanType, MarketScanType> = {
  standard: 'standard',
  deep: 'deep',
  FUNCTIONAL: 'functional',
};

const num = (value: Bound) => (typeof value === 'number' ? value : undefined);

/** The create dialog of a store scan: standard, deep (with its wait estimate) or functional (with its filters). */
export function ScanDialog({
  type,
  quota,
  onClose,
}: {
  type: ScanType;
  quota: Quota | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const functional = type === 'FUNCTIONAL';
  // One set of values for the three types: a store scan's schema ignores the functional filters.
  const schema = useMemo(
    () => (type === 'FUNCTIONAL' ? functionalScanForm : storeScanForm(type)) as unknown as FormSchema<Values>,
    [type],
  );
  const form = useSchemaForm<Values>(schema, INITIAL_SCAN_VALUES);
  const [error, setError] = useState<string | null>(null);
  const createError = useCreateError();
  const names = useMarketNames();
  const market = form.getValues().market;
  const categories = useCategoriesQuery(market, { skip: !market });
  const [createScan, creating] = useCreateScanMutation();
  const [createFunctional, creatingFunctional] = useCreateFunctionalScanMutation();
  // The markets of the type, by code (UK, never the country code GB), named in the page's language.
  const allowed = marketCodesFor(MARKET_SCAN_TYPE[type]);
  const marketOptions = allowed.map((code) => ({ value: code, label: names.name(code) }));

  const submit = async (values: Values) => {
    setError(null);
    const base = {
      fileName: values.fileName.trim(),
      storeUrl: values.storeUrl.trim(),
      market: values.market as Market,
      keyword: values.keyword.trim() || undefined,
      categories: values.categories.length > 0 ? values.categories : undefined,
    };
    try {
      if (functional)
        await createFunctional({
          ...base,
          amazonChoice: values.amazonChoice,
          bestSeller: values.bestSeller,
          minStar: num(values.minStar),
          maxStar: num(values.maxStar),
          minPrice: num(values.minPrice),
          maxPrice: num(values.maxPrice),
        }).unwrap();
      else await createScan({ ...base, searchType: type }).unwrap();
      notifications.show({ color: 'green', message: t('messages.created'), autoClose: TOAST_AUTO_CLOSE_MS });
      onClose();
    } catch (e) {
      setError(createError(form, e));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t(`create.${type}`)} size="lg" data-testid={`dialog-${type}`}>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="sm">
          <QuotaNote quota={quota} deep={type === 'deep'} />
          {type === 'deep' && (
            <DeepWait
              storeUrl={form.getValues().storeUrl}
              market={market}
              categories={form.getValues().categories}
              keyword={form.getValues().keyword}
            />
          )}
          <TextInput
            label={t('create.fileName')}
            required
            {...form.getInputProps('fileName')}
            data-testid="scan-file-name"
          />
          <Select
            label={t('create.market')}
            description={
              type === 'standard' ? undefined : t('create.noMarketForType', { markets: names.list(allowed) })
            }
            required
            data={marketOptions}
            {...form.getInputProps('market')}
            onChange={(value) => {
              form.setFieldValue('market', value ?? '');
              form.setFieldValue('categories', []);
            }}
            data-testid="scan-market"
          />
          <TextInput
            label={t('create.storeUrl')}
            description={t('create.storeUrlHint')}
            required
            {...form.getInputProps('storeUrl')}
            data-testid="scan-store-url"
          />
          <MultiSelect
            label={t('create.categories')}
            data={(categories.data ?? []).map((c) => ({ value: c.nodeId, label: categoryLabel(c, t) }))}
            disabled={!market}
            searchable
            clearable
            {...form.getInputProps('categories')}
            data-testid="scan-categories"
          />
          <TextInput
            label={t('create.keyword')}
            {...form.getInputProps('keyword')}
            data-testid="scan-keyword"
          />
          {functional && (
            <>
              <Group>
                <Checkbox
                  label={t('create.amazonChoice')}
                  {...form.getInputProps('amazonChoice', { type: 'checkbox' })}
                  data-testid="scan-amazon-choice"
                />
                <Checkbox
                  label={t('create.bestSeller')}
                  {...form.getInputProps('bestSeller', { type: 'checkbox' })}
                  data-testid="scan-best-seller"
                />
              </Group>
              <SimpleGrid cols={2}>
                <NumberInput
                  label={t('create.minStar')}
                  min={STAR_MIN}
                  max={STAR_MAX}
                  step={0.5}
                  decimalScale={1}
                  {...form.getInputProps('minStar')}
                  data-testid="scan-min-star"
                />
                <NumberInput
                  label={t('create.maxStar')}
                  min={STAR_MIN}
                  max={STAR_MAX}
                  step={0.5}
                  decimalScale={1}
                  {...form.getInputProps('maxStar')}
                  data-testid="scan-max-star"
                />
                <NumberInput
                  label={t('create.minPrice')}
                  min={0}
                  decimalScale={2}
                  {...form.getInputProps('minPrice')}
                  data-testid="scan-min-price"
                />
                <NumberInput
                  label={t('create.maxPrice')}
                  min={0}
                  decimalScale={2}
                  {...form.getInputProps('maxPrice')}
                  data-testid="scan-max-price"
                />
              </SimpleGrid>
            </>
          )}
          {error && (
            <Alert color="red" style={{ whiteSpace: 'pre-line' }} data-testid="scan-error">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('create.close')}
            </Button>
            <Button
              type="submit"
              loading={creating.isLoading || creatingFunctional.isLoading}
              data-testid="scan-submit"
            >
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

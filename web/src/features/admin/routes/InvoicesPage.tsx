import { Anchor, Badge, Button, Group, Select, Table, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { PAYMENT_STATUSES } from '@shelfscan/validation';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../app/DayInput';
import { LocaleLink, useLocale } from '../../../app/locale';
import { formatDate, formatMonth } from '../../../lib/date';
import { formatMoney } from '../../../lib/money';
import { useAdminPaymentsQuery } from '../api/billingAdminApi';
import { Empty } from '../components/Empty';
import { Pager } from '../components/Pager';
import { invoicePath, userPath } from '../paths';
import { isEmail, useFilterText } from '../useFilterText';
import { useUrlQuery } from '../useUrlQuery';

const FILTER_KEYS = ['userEmail', 'status', 'from', 'to'] as const;
type Filters = Partial<Record<(typeof FILTER_KEYS)[number], string>>;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters a URL query holds (unknown values left out). */
function filtersOf(query: URLSearchParams): Filters {
  const get = (key: string) => query.get(key)?.trim() || undefined;
  const userEmail = get('userEmail');
  const status = get('status');
  const from = get('from');
  const to = get('to');
  return Object.fromEntries(
    Object.entries({
      userEmail: userEmail && isEmail(userEmail) ? userEmail : undefined,
      status: status && (PAYMENT_STATUSES as readonly string[]).includes(status) ? status : undefined,
      from: from && DAY.test(from) ? from : undefined,
      to: to && DAY.test(to) ? to : undefined,
    }).filter(([, v]) => v),
  );
}

/**
 * `/admin/invoices`: every user's payments and their invoices, newest first, filtered by user, payment
 * status and Istanbul days (kept in the URL query), a page at a time (billing filters and pages them);
 * each opens its invoice.
 */
export function InvoicesPage() {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const { query, page, set, setPage } = useUrlQuery();
  const filters = filtersOf(query);
  const { userEmail, ...rest } = filters;
  const payments = useAdminPaymentsQuery({ ...rest, email: userEmail, page });
  const items = payments.data?.items ?? [];
  const filtered = Object.keys(filters).length > 0;

  return (
    <>
      <InvoiceFiltersBar
        filters={filters}
        onChange={(key, value) => set({ [key]: value })}
        onClear={() => set(Object.fromEntries(FILTER_KEYS.map((key) => [key, null])))}
      />
      {payments.data && items.length === 0 ? (
        <Empty
          title={filtered ? t('allInvoices.noMatch') : t('allInvoices.none')}
          testId="all-invoices-empty"
        >
          {filtered ? t('allInvoices.noMatchHint') : t('allInvoices.noneHint')}
        </Empty>
      ) : (
        <Table.ScrollContainer minWidth={960}>
          <Table striped data-testid="all-invoices-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('allInvoices.date')}</Table.Th>
                <Table.Th>{t('allInvoices.user')}</Table.Th>
                <Table.Th>{t('allInvoices.number')}</Table.Th>
                <Table.Th>{t('allInvoices.period')}</Table.Th>
                <Table.Th>{t('allInvoices.usd')}</Table.Th>
                <Table.Th>{t('allInvoices.try')}</Table.Th>
                <Table.Th>{t('allInvoices.status')}</Table.Th>
                <Table.Th>{t('allInvoices.refunded')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((p) => (
                <Table.Tr key={p.conversationId} data-testid={`all-invoices-${p.conversationId}`}>
                  <Table.Td>{formatDate(p.date, locale)}</Table.Td>
                  <Table.Td>
                    <Anchor component={LocaleLink} to={userPath(p.userEmail)} size="sm">
                      {p.userEmail}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={LocaleLink} to={invoicePath(p.conversationId)} size="sm">
                      {p.invoiceNumber ?? t('allInvoices.draft')}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatMonth(p.period, locale)}</Table.Td>
                  <Table.Td>{formatMoney(p.usd, 'USD', locale)}</Table.Td>
                  <Table.Td>{formatMoney(p.amount, 'TRY', locale)}</Table.Td>
                  <Table.Td>
                    <Badge color={p.status === 'succeeded' ? 'green' : 'red'} variant="light">
                      {t(`invoice.statuses.${p.status}`, { defaultValue: p.status })}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{Number(p.refunded) > 0 ? formatMoney(p.refunded, 'TRY', locale) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {payments.data && (
        <Pager page={page} total={payments.data.total} onChange={setPage} testId="all-invoices-pager" />
      )}
    </>
  );
}

function InvoiceFiltersBar({
  filters,
  onChange,
  onClear,
}: {
  filters: Filters;
  onChange: (key: (typeof FILTER_KEYS)[number], value: string | null) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('admin');
  const userEmail = useFilterText(filters.userEmail ?? '', (value) => onChange('userEmail', value));
  const date = (key: 'from' | 'to') => (
    <DayInput
      label={t(`allInvoices.filters.${key}`)}
      value={filters[key] ?? ''}
      onChange={(day) => onChange(key, day || null)}
      clearable
      data-testid={`all-invoices-filter-${key}`}
    />
  );
  return (
    <Group align="flex-end" gap="sm" mb="md" data-testid="all-invoices-filters">
      <TextInput
        label={t('allInvoices.filters.userEmail')}
        leftSection={<IconSearch size={14} />}
        value={userEmail.value}
        error={
          userEmail.value.trim() && !isEmail(userEmail.value) ? t('scans.filters.userEmailWhole') : undefined
        }
        onChange={userEmail.onChange}
        w={240}
        data-testid="all-invoices-filter-userEmail"
      />
      <Select
        label={t('allInvoices.filters.status')}
        data={PAYMENT_STATUSES.map((value) => ({ value, label: t(`invoice.statuses.${value}`) }))}
        value={filters.status ?? null}
        onChange={(value) => onChange('status', value)}
        clearable
        w={170}
        data-testid="all-invoices-filter-status"
      />
      {date('from')}
      {date('to')}
      {Object.keys(filters).length > 0 && (
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={14} />}
          onClick={() => {
            userEmail.reset();
            onClear();
          }}
        >
          {t('allInvoices.filters.clear')}
        </Button>
      )}
    </Group>
  );
}

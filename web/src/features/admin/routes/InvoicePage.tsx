import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconReceiptRefund } from '@tabler/icons-react';
import { refundForm, toMinor } from '@shelfscan/validation';
import { useTranslation } from 'react-i18next';
import { currentToken } from '../../../app/api';
import { useInvoiceLine } from '../../../app/billing/invoiceLine';
import { useAppSelector } from '../../../app/hooks';
import { LocaleLink, useLocale } from '../../../app/locale';
import { formatDate, formatDay, formatMonth } from '../../../lib/date';
import { fetchFile, saveBlob } from '../../../lib/download';
import { useSchemaForm } from '../../../lib/form';
import { formatMinor, formatMoney, formatRate } from '../../../lib/money';
import { useApiErrorText } from '../../../lib/useApiErrorText';
import { useAdminActions } from '../actions';
import { useAdminPaymentQuery } from '../api/billingAdminApi';
import { useConfirm } from '../components/ConfirmDialog';
import { Field, ReasonInput } from '../components/FormParts';
import { userPath } from '../paths';
import type { AdminPayment } from '../model';

const minorOf = (decimal: string | null | undefined) =>
  decimal && /^\d+(\.\d{1,2})?$/.test(decimal) ? toMinor(decimal) : 0;

/**
 * `/admin/user/invoice/:id` (the spec's `/admin/user/{invoice}/{id}`; the id is the billing number):
 * the breakdown (USD, discount, the central bank's rate, TRY), the PDF, and the refund form.
 */
export function InvoicePage({ conversationId }: { conversationId: string }) {
  const payment = useAdminPaymentQuery(conversationId);
  if (!payment.data) return <Skeleton h={240} />;
  const left = minorOf(payment.data.amount) - minorOf(payment.data.refunded);
  return (
    <Stack gap="xl">
      <Breakdown payment={payment.data} />
      {payment.data.refunds.length > 0 && <Refunds payment={payment.data} />}
      {payment.data.status === 'succeeded' && payment.data.invoiceStatus === 'final' && left > 0 && (
        <RefundForm conversationId={conversationId} leftKurus={left} />
      )}
    </Stack>
  );
}

function Breakdown({ payment }: { payment: AdminPayment }) {
  const line = useInvoiceLine();
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const token = useAppSelector(currentToken);
  const errorText = useApiErrorText('admin');
  const [downloading, setDownloading] = useState(false);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const field = (label: string, value: ReactNode, testId: string) => (
    <Field label={label} value={value} testId={testId} />
  );
  const usd = minorOf(payment.usd);
  const discount = minorOf(payment.discountUsd);
  const download = async () => {
    setDownloading(true);
    setPdfError(null);
    try {
      const path = `/api/admin/payment/history/${encodeURIComponent(payment.conversationId)}/pdf`;
      const fallbackName = `invoice-${payment.invoiceNumber || payment.conversationId}.pdf`;
      const { blob, name } = await fetchFile(path, { token, locale, fallbackName });
      saveBlob(blob, name);
    } catch (error) {
      setPdfError(errorText(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="invoice-breakdown">
      <Group justify="space-between" mb="md">
        <Group gap="xs">
          <Title order={2} size="h4">
            {payment.invoiceNumber
              ? t('invoice.number', { number: payment.invoiceNumber })
              : t('invoice.draft')}
          </Title>
          <Badge color={payment.status === 'succeeded' ? 'green' : 'red'} variant="light">
            {t(`invoice.statuses.${payment.status}`, { defaultValue: payment.status })}
          </Badge>
          {minorOf(payment.refunded) > 0 && (
            <Badge color="orange" variant="light" data-testid="invoice-refunded">
              {t('invoice.refunded', { amount: formatMoney(payment.refunded, 'TRY', locale) })}
            </Badge>
          )}
        </Group>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          loading={downloading}
          onClick={() => void download()}
          data-testid="invoice-pdf"
        >
          {t('invoice.pdf')}
        </Button>
      </Group>
      {pdfError && (
        <Alert color="red" mb="sm" data-testid="invoice-pdf-error">
          {pdfError}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {field(
          t('invoice.user'),
          // A deleted user's invoice keeps the pseudonym `deleted-user-<id>`: no page to open.
          payment.userEmail.startsWith('deleted-user-') ? (
            payment.userEmail
          ) : (
            <Anchor component={LocaleLink} to={userPath(payment.userEmail)} size="sm">
              {payment.userEmail}
            </Anchor>
          ),
          'invoice-user',
        )}
        {field(t('invoice.conversationId'), payment.conversationId, 'invoice-conversation')}
        {field(t('invoice.date'), formatDate(payment.date, locale), 'invoice-date')}
        {field(t('invoice.period'), formatMonth(payment.period, locale), 'invoice-period')}
        {field(t('invoice.description'), line(payment), 'invoice-description')}
        {field(t('invoice.usd'), formatMinor(usd, 'USD', locale), 'invoice-usd')}
        {field(
          t('invoice.discount'),
          discount ? `− ${formatMinor(discount, 'USD', locale)}` : '',
          'invoice-discount',
        )}
        {field(t('invoice.netUsd'), formatMinor(usd - discount, 'USD', locale), 'invoice-net-usd')}
        {field(
          t('invoice.rate'),
          payment.rate
            ? t('invoice.rateOf', {
                rate: formatRate(payment.rate, locale),
                date: formatDay(payment.bulletinDate, locale),
              })
            : '',
          'invoice-rate',
        )}
        {field(t('invoice.try'), formatMinor(minorOf(payment.amount), 'TRY', locale), 'invoice-try')}
      </SimpleGrid>
      {payment.errorMessage && (
        <Alert color="red" mt="sm" data-testid="invoice-error-message">
          {payment.errorMessage}
        </Alert>
      )}
    </Paper>
  );
}

/** What went back to the buyer: each cancel or refund, how much, why, by whom and when. */
function Refunds({ payment }: { payment: AdminPayment }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        {t('invoice.refunds')}
      </Title>
      <Table data-testid="invoice-refunds">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('invoice.date')}</Table.Th>
            <Table.Th>{t('invoice.refundKind')}</Table.Th>
            <Table.Th>{t('refund.amount')}</Table.Th>
            <Table.Th>{t('invoice.refundReason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payment.refunds.map((r, i) => (
            <Table.Tr key={`${r.date}-${i}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.date, locale)}</Table.Td>
              <Table.Td>{t(`invoice.refundKinds.${r.kind}`, { defaultValue: r.kind })}</Table.Td>
              <Table.Td>{formatMoney(r.amount, 'TRY', locale)}</Table.Td>
              <Table.Td>
                {r.reason}
                <Text size="xs" c="dimmed">
                  {r.refundedBy}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** A refund: why, and optionally a part of what is left (empty = all of it); then the confirmation. */
function RefundForm({ conversationId, leftKurus }: { conversationId: string; leftKurus: number }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const confirm = useConfirm();
  const actions = useAdminActions();
  const form = useSchemaForm(refundForm(leftKurus), { reason: '', amount: '' });
  const submit = (values: typeof form.values) => {
    const amount = values.amount.trim();
    const request = actions.refund(conversationId, values.reason.trim(), amount ? toMinor(amount) : null);
    confirm({ ...request, run: (reason) => request.run(reason).then(() => form.reset()) });
  };
  return (
    <Paper withBorder p="md" radius="md" id="refund">
      <Title order={2} size="h4" mb="xs">
        {t('refund.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('refund.left', { amount: formatMinor(leftKurus, 'TRY', locale) })}
      </Text>
      <form noValidate onSubmit={form.onSubmit(submit)} data-testid="refund-form">
        <Stack gap="sm" maw={520}>
          <TextInput
            label={t('refund.amount')}
            description={t('refund.amountHint')}
            inputMode="decimal"
            {...form.getInputProps('amount')}
            data-testid="refund-amount"
          />
          <ReasonInput {...form.getInputProps('reason')} data-testid="refund-reason" />
          <Group>
            <Button
              type="submit"
              color="red"
              leftSection={<IconReceiptRefund size={16} />}
              data-testid="refund-submit"
            >
              {t('refund.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

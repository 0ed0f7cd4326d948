import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useInvoiceLine } from '../../../app/billing/invoiceLine';
import { LocaleLink, useLocale } from '../../../app/locale';
import { formatDate, formatMonth } from '../../../lib/date';
import { formatMoney } from '../../../lib/money';
import type { Payment } from '../api/paymentApi';
import { PaymentStatusBadges } from './PaymentStatusBadges';

/**
 * The payment history: billing number (the conversation id, linking to the invoice), date, amount in
 * TRY with its USD amount, payment and invoice status, description and period.
 */
export function PaymentHistory({ payments }: { payments: readonly Payment[] }) {
  const { t } = useTranslation('payment');
  const locale = useLocale();
  const line = useInvoiceLine();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped verticalSpacing="xs" data-testid="payment-history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('history.number')}</Table.Th>
            <Table.Th>{t('history.date')}</Table.Th>
            <Table.Th>{t('history.amount')}</Table.Th>
            <Table.Th>{t('history.status')}</Table.Th>
            <Table.Th>{t('history.description')}</Table.Th>
            <Table.Th>{t('history.period')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((p) => (
            <Table.Tr key={p.conversationId} data-testid="payment-row">
              <Table.Td>
                <Anchor
                  component={LocaleLink}
                  to={`/payment/${encodeURIComponent(p.conversationId)}`}
                  ff="monospace"
                  size="sm"
                  data-testid="payment-link"
                >
                  {p.conversationId}
                </Anchor>
                {p.invoiceNumber !== null && (
                  <Text size="xs" c="dimmed">
                    {t('history.invoiceNumber', { number: p.invoiceNumber })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-testid="payment-date">{formatDate(p.date, locale)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600} data-testid="payment-amount">
                  {formatMoney(p.amount, 'TRY', locale)}
                </Text>
                <Text size="xs" c="dimmed" data-testid="payment-usd">
                  {formatMoney(p.usd, 'USD', locale)}
                  {Number(p.discountUsd) > 0 &&
                    ` − ${formatMoney(p.discountUsd, 'USD', locale)} ${t('history.discount')}`}
                </Text>
              </Table.Td>
              <Table.Td>
                <PaymentStatusBadges payment={p} />
                {p.status === 'failed' && p.errorMessage && (
                  <Text size="xs" c="red" mt={4} data-testid="payment-error">
                    {p.errorMessage}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" data-testid="payment-description">
                  {line(p)}
                </Text>
              </Table.Td>
              <Table.Td data-testid="payment-period">{formatMonth(p.period, locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

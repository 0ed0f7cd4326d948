import { Anchor, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LocaleLink, useLocale } from '../../../app/locale';
import { formatDate, formatMonth } from '../../../lib/date';
import { formatMinor, formatRate } from '../../../lib/money';
import type { AdminInvoice } from '../model';
import { invoicePath } from '../paths';
import { Empty } from './Empty';

/** A user's invoices: amounts in USD and TRY, what was refunded; each opens its invoice view. */
export function InvoicesTable({ invoices }: { invoices: AdminInvoice[] }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  if (invoices.length === 0)
    return (
      <Empty title={t('invoices.none')} testId="invoices-empty">
        {t('invoices.noneHint')}
      </Empty>
    );
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped data-testid="invoices-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('invoices.number')}</Table.Th>
            <Table.Th>{t('invoices.period')}</Table.Th>
            <Table.Th>{t('invoices.usd')}</Table.Th>
            <Table.Th>{t('invoices.rate')}</Table.Th>
            <Table.Th>{t('invoices.try')}</Table.Th>
            <Table.Th>{t('invoices.refunded')}</Table.Th>
            <Table.Th>{t('invoices.finalized')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((invoice) => (
            <Table.Tr key={invoice.invoiceId} data-testid={`invoice-${invoice.invoiceNumber}`}>
              <Table.Td>
                {/* An invoice without a charge (nothing to pay) has no billing number to open. */}
                {invoice.conversationId ? (
                  <Anchor component={LocaleLink} to={invoicePath(invoice.conversationId)} size="sm">
                    {invoice.invoiceNumber}
                  </Anchor>
                ) : (
                  invoice.invoiceNumber
                )}
              </Table.Td>
              <Table.Td>{formatMonth(invoice.period, locale)}</Table.Td>
              <Table.Td>
                {formatMinor(invoice.usdCents - invoice.discountUsdCents, 'USD', locale)}
                {invoice.discountUsdCents > 0 &&
                  ` (${t('invoices.discount', { amount: formatMinor(invoice.discountUsdCents, 'USD', locale) })})`}
              </Table.Td>
              <Table.Td>{formatRate(invoice.rate, locale)}</Table.Td>
              <Table.Td>{formatMinor(invoice.tryKurus, 'TRY', locale)}</Table.Td>
              <Table.Td>
                {invoice.refundedTryKurus > 0 ? formatMinor(invoice.refundedTryKurus, 'TRY', locale) : '—'}
              </Table.Td>
              <Table.Td>{formatDate(invoice.finalizedAt, locale)}</Table.Td>
              <Table.Td ta="right">
                {invoice.conversationId && invoice.refundedTryKurus < invoice.tryKurus && (
                  <Anchor
                    component={LocaleLink}
                    to={`${invoicePath(invoice.conversationId)}#refund`}
                    size="sm"
                    c="red"
                    data-testid={`invoice-refund-${invoice.conversationId}`}
                  >
                    {t('invoices.refund')}
                  </Anchor>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

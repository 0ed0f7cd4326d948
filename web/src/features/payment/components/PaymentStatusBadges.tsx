import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceStatus, Payment, PaymentStatus } from '../api/paymentApi';

const PAYMENT_COLOR: Record<PaymentStatus, string> = {
  succeeded: 'green',
  failed: 'red',
  pending: 'blue',
  unknown: 'orange',
};
const INVOICE_COLOR: Record<InvoiceStatus, string> = { final: 'green', draft: 'gray', void: 'red' };

/** The payment's status and its invoice's status, kept apart (a failed payment leaves a draft invoice). */
export function PaymentStatusBadges({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payment');
  return (
    <Group gap={4} wrap="wrap">
      <Badge color={PAYMENT_COLOR[payment.status] ?? 'gray'} data-testid="payment-status">
        {t(`paymentStatus.${payment.status}`, { defaultValue: payment.status })}
      </Badge>
      <Badge
        variant="outline"
        color={INVOICE_COLOR[payment.invoiceStatus] ?? 'gray'}
        data-testid="invoice-status"
      >
        {t(`invoiceStatus.${payment.invoiceStatus}`, { defaultValue: payment.invoiceStatus })}
      </Badge>
    </Group>
  );
}

import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../lib/date';
import { useLocale } from '../locale';

/** What an invoice line is worded from: the plan's features and the month (billing's Payment). */
interface Invoiced {
  features?: readonly string[];
  /** YYYY-MM. */
  period: string;
  /** Billing's own record of the line, shown when the features are not known. */
  description: string;
}

/**
 * The invoice's line in the page's language, as the PDF words it: "ShelfScan Standart, Derin
 * aboneliği, Kas 2026" (the payment pages and the admin's invoice view).
 */
export function useInvoiceLine(): (payment: Invoiced) => string {
  const { t } = useTranslation('common');
  const locale = useLocale();
  return (payment) =>
    payment.features?.length
      ? t('plans.invoiceLine', {
          features: payment.features.map((f) => t(`plans.features.${f}`, { defaultValue: f })).join(', '),
          month: formatMonth(payment.period, locale),
        })
      : payment.description;
}

import { useState } from 'react';
import { Alert, Anchor, Button, Card, DataList, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { currentToken } from '../../../app/api';
import { useAppSelector } from '../../../app/hooks';
import { useInvoiceLine } from '../../../app/billing/invoiceLine';
import { LocaleLink, useLocale } from '../../../app/locale';
import { formatDate, formatMonth } from '../../../lib/date';
import { fetchFile, saveBlob } from '../../../lib/download';
import { useGetPaymentQuery } from '../api/paymentApi';
import { PaymentStatusBadges } from '../components/PaymentStatusBadges';
import { PriceBreakdown } from '../components/PriceBreakdown';
import { useApiErrorText } from '../../../lib/useApiErrorText';

/**
 * /payment/:invoice (the billing number, i.e. the conversation id): the payment and its invoice, the
 * breakdown (USD, discount, rate and bulletin date, VAT, TRY) and the PDF in the page's language.
 */
export function InvoicePage() {
  const { t } = useTranslation('payment');
  const locale = useLocale();
  const line = useInvoiceLine();
  const { invoice = '' } = useParams();
  const token = useAppSelector(currentToken);
  const errorText = useApiErrorText('payment');
  const { data: payment, isLoading } = useGetPaymentQuery(invoice, { skip: !invoice });
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setError(null);
    setDownloading(true);
    try {
      const { blob, name } = await fetchFile(`/api/payment/history/${encodeURIComponent(invoice)}/pdf`, {
        token,
        locale,
        fallbackName: `shelfscan-${invoice}.pdf`,
      });
      saveBlob(blob, name);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="lg" data-testid="invoice-page">
      <Title order={2} size="h3">
        {t('sections.invoice', { invoice })}
      </Title>
      {isLoading && <Skeleton h={240} />}
      {payment && (
        <>
          <Card withBorder padding="lg">
            <DataList size="sm" labelWidth={180} withDivider data-testid="invoice-details">
              <DataList.Item>
                <DataList.ItemLabel>{t('history.number')}</DataList.ItemLabel>
                <DataList.ItemValue ff="monospace" data-testid="invoice-conversation-id">
                  {payment.conversationId}
                </DataList.ItemValue>
              </DataList.Item>
              {payment.invoiceNumber !== null && (
                <DataList.Item>
                  <DataList.ItemLabel>{t('invoice.number')}</DataList.ItemLabel>
                  <DataList.ItemValue data-testid="invoice-number">
                    {payment.invoiceNumber}
                  </DataList.ItemValue>
                </DataList.Item>
              )}
              <DataList.Item>
                <DataList.ItemLabel>{t('history.date')}</DataList.ItemLabel>
                <DataList.ItemValue data-testid="invoice-date">
                  {formatDate(payment.date, locale)}
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('history.description')}</DataList.ItemLabel>
                <DataList.ItemValue data-testid="invoice-description">{line(payment)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('history.period')}</DataList.ItemLabel>
                <DataList.ItemValue data-testid="invoice-period">
                  {formatMonth(payment.period, locale)}
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('history.status')}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <PaymentStatusBadges payment={payment} />
                </DataList.ItemValue>
              </DataList.Item>
              {payment.status === 'failed' && payment.errorMessage && (
                <DataList.Item>
                  <DataList.ItemLabel>{t('invoice.bankAnswer')}</DataList.ItemLabel>
                  <DataList.ItemValue c="red" data-testid="invoice-error">
                    {payment.errorMessage}
                  </DataList.ItemValue>
                </DataList.Item>
              )}
            </DataList>
          </Card>
          <Card withBorder padding="lg">
            <Title order={3} size="h5" mb="sm">
              {t('invoice.breakdown')}
            </Title>
            <PriceBreakdown
              figures={{
                usd: payment.usd,
                discountUsd: payment.discountUsd,
                rate: payment.rate,
                bulletinDate: payment.bulletinDate,
                try: payment.amount,
                vatPercent: payment.vatPercent,
                vat: payment.vat,
              }}
            />
          </Card>
          {error && (
            <Alert color="red" role="alert" data-testid="invoice-download-error">
              {error}
            </Alert>
          )}
          <Group>
            <Button
              leftSection={<IconDownload size={16} />}
              loading={downloading}
              onClick={() => void download()}
              data-testid="invoice-download"
            >
              {t('invoice.download')}
            </Button>
            <Anchor component={LocaleLink} to="/payment" size="sm">
              {t('actions.back')}
            </Anchor>
          </Group>
        </>
      )}
    </Stack>
  );
}

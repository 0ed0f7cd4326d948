import { Badge, DataList, Group, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SavedCard } from '../api/paymentApi';

/** The saved card as the provider keeps it: brand, last four digits, expiry and holder. */
export function CardSummary({ card }: { card: SavedCard }) {
  const { t } = useTranslation('payment');
  return (
    <div data-testid="card-summary">
      <Group gap="sm" mb="xs">
        <IconCreditCard size={22} aria-hidden />
        <Badge variant="light" data-testid="card-brand">
          {t(`card.brands.${card.cardAssociation}`, { defaultValue: card.cardAssociation })}
        </Badge>
        <Text ff="monospace" fw={600} data-testid="card-number">
          •••• •••• •••• {card.lastFourDigits}
        </Text>
      </Group>
      <DataList size="sm" labelWidth={140}>
        <DataList.Item>
          <DataList.ItemLabel>{t('card.holder')}</DataList.ItemLabel>
          <DataList.ItemValue data-testid="card-holder">{card.cardHolderName}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('card.expiry')}</DataList.ItemLabel>
          <DataList.ItemValue data-testid="card-expiry">
            {card.expireMonth.padStart(2, '0')}/{card.expireYear}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList>
    </div>
  );
}

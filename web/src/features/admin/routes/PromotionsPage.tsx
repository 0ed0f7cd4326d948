import { useState } from 'react';
import { Badge, Button, Group, Modal, Skeleton, Switch, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale';
import { formatDay, istanbulDay } from '../../../lib/date';
import { formatMoney, formatPercent } from '../../../lib/money';
import { notifySuccess, useAdminActions } from '../actions';
import { usePromotionsQuery, useSetPromotionActiveMutation } from '../api/billingAdminApi';
import { useConfirm } from '../components/ConfirmDialog';
import { Empty } from '../components/Empty';
import { PromotionForm, toInput } from '../components/PromotionForm';
import type { Promotion } from '../model';

/** `/admin/promotions`: the list; create, edit, turn on or off, delete (confirmed). */
export function PromotionsPage() {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const confirm = useConfirm();
  const actions = useAdminActions();
  const promotions = usePromotionsQuery();
  const [setActive] = useSetPromotionActiveMutation();
  // null: closed; 'new': create; a promotion: edit it.
  const [editing, setEditing] = useState<Promotion | 'new' | null>(null);
  const today = istanbulDay();

  const value = (p: Promotion) =>
    p.type === 'PERCENT' ? formatPercent(p.value, locale) : formatMoney(p.value, 'USD', locale);
  const toggle = async (p: Promotion) => {
    await setActive({ ...toInput(p), active: !p.active }).unwrap();
    notifySuccess(t(p.active ? 'promotions.deactivated' : 'promotions.activated', { code: p.code }));
  };

  return (
    <>
      <Group justify="space-between" mb="md">
        <Text c="dimmed" size="sm">
          {t('promotions.intro')}
        </Text>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setEditing('new')}
          data-testid="promotion-new"
        >
          {t('promotions.new')}
        </Button>
      </Group>
      {!promotions.data ? (
        <Skeleton h={120} />
      ) : promotions.data.length === 0 ? (
        <Empty title={t('promotions.none')} testId="promotions-empty">
          {t('promotions.noneHint')}
        </Empty>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped data-testid="promotions-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('promotions.code')}</Table.Th>
                <Table.Th>{t('promotions.value')}</Table.Th>
                <Table.Th>{t('promotions.minimumBasket')}</Table.Th>
                <Table.Th>{t('promotions.uses')}</Table.Th>
                <Table.Th>{t('promotions.expiryDate')}</Table.Th>
                <Table.Th>{t('promotions.active')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {promotions.data.map((p) => (
                <Table.Tr key={p.id} data-testid={`promotion-${p.code}`}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {p.code}
                    </Text>
                    {p.description && (
                      <Text size="xs" c="dimmed">
                        {p.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{value(p)}</Table.Td>
                  <Table.Td>
                    {Number(p.minimumBasket) > 0 ? formatMoney(p.minimumBasket, 'USD', locale) : '—'}
                  </Table.Td>
                  <Table.Td>{t('promotions.usesOf', { used: p.used, count: p.count })}</Table.Td>
                  <Table.Td>
                    {p.expiryDate ? formatDay(p.expiryDate, locale) : t('promotions.noExpiry')}
                    {p.expiryDate && p.expiryDate < today && (
                      <Badge ml={4} size="sm" color="gray" variant="light">
                        {t('promotions.expired')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      checked={p.active}
                      onChange={() => void toggle(p).catch(() => undefined)}
                      aria-label={t(p.active ? 'promotions.deactivate' : 'promotions.activate', {
                        code: p.code,
                      })}
                      data-testid={`promotion-active-${p.code}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="subtle"
                        leftSection={<IconPencil size={14} />}
                        onClick={() => setEditing(p)}
                        data-testid={`promotion-edit-${p.code}`}
                      >
                        {t('promotions.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={14} />}
                        onClick={() => confirm(actions.deletePromotion(p.id, p.code))}
                        data-testid={`promotion-delete-${p.code}`}
                      >
                        {t('promotions.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new' ? t('promotions.new') : t('promotions.editTitle', { code: editing?.code ?? '' })
        }
        size="lg"
      >
        {editing !== null && (
          <PromotionForm
            key={editing === 'new' ? 'new' : editing.id}
            promotion={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </>
  );
}

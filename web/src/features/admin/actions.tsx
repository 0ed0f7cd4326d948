/**
 * Every destructive admin action, as a request for the shared confirm dialog: what it does, what it
 * asks for, and the call. The pages open them with `useConfirm()`; `/admin/modal` opens one from a
 * link's query (`actionFromLink`).
 */
import { useMemo } from 'react';
import { List, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '../../app/api';
import { formatMinor } from '../../lib/money';
import { useLocale } from '../../app/locale';
import {
  useChangeScanStatusMutation,
  useDeleteUserMutation,
  useRevokePlanMutation,
  useSetUserActiveMutation,
} from './api/adminApi';
import { useDeletePromotionMutation, useRefundMutation } from './api/billingAdminApi';
import type { ConfirmRequest } from './components/ConfirmDialog';
import { statusChangeOf, type ScanStatus } from './model';

export function notifySuccess(message: string) {
  notifications.show({ color: 'green', message, autoClose: TOAST_AUTO_CLOSE_MS, className: 'admin-toast' });
}

/** The builders of the confirm requests; each `run` shows its success toast. */
export function useAdminActions() {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const [deleteUser] = useDeleteUserMutation();
  const [setUserActive] = useSetUserActiveMutation();
  const [revokePlan] = useRevokePlanMutation();
  const [refund] = useRefundMutation();
  const [deletePromotion] = useDeletePromotionMutation();
  const [changeScanStatus] = useChangeScanStatusMutation();

  return useMemo(() => {
    const done = (message: string) => () => notifySuccess(message);
    return {
      deleteUser: (email: string): ConfirmRequest => ({
        testId: 'confirm-delete-user',
        title: t('actions.deleteUser.title'),
        message: (
          <>
            <Text mb="xs">{t('actions.deleteUser.text', { email })}</Text>
            <List size="sm" mb="xs">
              <List.Item>{t('actions.deleteUser.removed')}</List.Item>
              <List.Item>{t('actions.deleteUser.kept')}</List.Item>
            </List>
            <Text size="sm" c="red">
              {t('actions.deleteUser.final')}
            </Text>
          </>
        ),
        confirmLabel: t('actions.deleteUser.confirm'),
        typeToConfirm: email,
        run: () =>
          deleteUser(email)
            .unwrap()
            .then(done(t('actions.deleteUser.done', { email }))),
      }),
      setUserActive: (email: string, active: boolean): ConfirmRequest => {
        const key = active ? 'activateUser' : 'deactivateUser';
        return {
          testId: `confirm-${active ? 'activate' : 'deactivate'}-user`,
          title: t(`actions.${key}.title`),
          message: t(`actions.${key}.text`, { email }),
          confirmLabel: t(`actions.${key}.confirm`),
          color: active ? 'green' : 'red',
          run: () =>
            setUserActive({ email, active })
              .unwrap()
              .then(done(t('saved'))),
        };
      },
      revokePlan: (email: string, subscriptionId: string, plan: string): ConfirmRequest => ({
        testId: 'confirm-revoke-plan',
        title: t('actions.revokePlan.title'),
        message: t('actions.revokePlan.text', { email, plan }),
        confirmLabel: t('actions.revokePlan.confirm'),
        askReason: true,
        run: (reason) =>
          revokePlan({ email, subscriptionId, reason })
            .unwrap()
            .then(done(t('actions.revokePlan.done'))),
      }),
      refund: (conversationId: string, reason: string, amountKurus: number | null): ConfirmRequest => ({
        testId: 'confirm-refund',
        title: t('actions.refund.title'),
        message:
          amountKurus === null
            ? t('actions.refund.textAll', { id: conversationId, reason })
            : t('actions.refund.text', {
                id: conversationId,
                reason,
                amount: formatMinor(amountKurus, 'TRY', locale),
              }),
        confirmLabel: t('actions.refund.confirm'),
        run: () =>
          refund({ conversationId, reason, ...(amountKurus === null ? {} : { amountKurus }) })
            .unwrap()
            .then(done(t('actions.refund.done'))),
      }),
      deletePromotion: (id: string, code: string): ConfirmRequest => ({
        testId: 'confirm-delete-promotion',
        title: t('actions.deletePromotion.title'),
        message: t('actions.deletePromotion.text', { code }),
        confirmLabel: t('actions.deletePromotion.confirm'),
        run: () =>
          deletePromotion(id)
            .unwrap()
            .then(done(t('actions.deletePromotion.done', { code }))),
      }),
      changeScanStatus: (id: string, status: ScanStatus, label: string): ConfirmRequest | null => {
        const target = statusChangeOf(status);
        if (!target) return null;
        const key = target === 'CANCELED' ? 'cancelScan' : 'requeueScan';
        return {
          testId: `confirm-${key === 'cancelScan' ? 'cancel' : 'requeue'}-scan`,
          title: t(`actions.${key}.title`),
          message: t(`actions.${key}.text`, { name: label }),
          confirmLabel: t(`actions.${key}.confirm`),
          color: target === 'CANCELED' ? 'red' : 'blue',
          run: () =>
            changeScanStatus({ id, status: target })
              .unwrap()
              .then(done(t('saved'))),
        };
      },
    };
  }, [t, locale, deleteUser, setUserActive, revokePlan, refund, deletePromotion, changeScanStatus]);
}

export type AdminActions = ReturnType<typeof useAdminActions>;

/**
 * The action a `/admin/modal` link names, e.g. `?action=deleteUser&email=…`,
 * `?action=revokePlan&email=…&subscriptionId=…`, `?action=deletePromotion&id=…&code=…`,
 * `?action=cancelScan&id=…&name=…` (also `deactivateUser`, `activateUser`, `requeueScan`); null for
 * anything else. A refund is not offered by link: it needs its form.
 */
export function actionFromLink(query: URLSearchParams, actions: AdminActions): ConfirmRequest | null {
  const get = (key: string) => query.get(key)?.trim() ?? '';
  const email = get('email');
  const id = get('id');
  switch (get('action')) {
    case 'deleteUser':
      return email ? actions.deleteUser(email) : null;
    case 'deactivateUser':
    case 'activateUser':
      return email ? actions.setUserActive(email, get('action') === 'activateUser') : null;
    case 'revokePlan':
      return email && get('subscriptionId')
        ? actions.revokePlan(email, get('subscriptionId'), get('plan') || get('subscriptionId'))
        : null;
    case 'deletePromotion':
      return id ? actions.deletePromotion(id, get('code') || id) : null;
    case 'cancelScan':
      return id ? actions.changeScanStatus(id, 'PROCESSING', get('name') || id) : null;
    case 'requeueScan':
      return id ? actions.changeScanStatus(id, 'FAILED', get('name') || id) : null;
    default:
      return null;
  }
}

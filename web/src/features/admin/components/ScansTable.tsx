import { Anchor, Badge, Button, Table, Text, Tooltip } from '@mantine/core';
import { IconPlayerStop, IconRepeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LocaleLink, useLocale } from '../../../app/locale';
import { formatDate } from '../../../lib/date';
import { useAdminActions } from '../actions';
import { statusChangeOf, type AdminScan, type ScanStatus } from '../model';
import { useConfirm } from './ConfirmDialog';
import { userPath } from '../paths';

const STATUS_COLORS: Record<ScanStatus, string> = {
  PENDING: 'gray',
  PROCESSING: 'blue',
  COMPLETED: 'green',
  COMPLETED_PARTIAL: 'teal',
  CANCELED: 'orange',
  FAILED: 'red',
};

/**
 * Scans of every user (or one): who, what, where, when, the status with the failure reason, and the
 * admin status change (cancel a pending or running scan, re-queue a failed one) behind a confirmation.
 */
export function ScansTable({ scans, showUser = true }: { scans: AdminScan[]; showUser?: boolean }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const confirm = useConfirm();
  const actions = useAdminActions();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped verticalSpacing="xs" data-testid="scans-table">
        <Table.Thead>
          <Table.Tr>
            {showUser && <Table.Th>{t('scans.user')}</Table.Th>}
            <Table.Th>{t('scans.fileName')}</Table.Th>
            <Table.Th>{t('scans.type')}</Table.Th>
            <Table.Th>{t('scans.market')}</Table.Th>
            <Table.Th>{t('scans.date')}</Table.Th>
            <Table.Th>{t('scans.asins')}</Table.Th>
            <Table.Th>{t('scans.status')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {scans.map((scan) => {
            const change = statusChangeOf(scan.status);
            return (
              <Table.Tr key={scan.id} data-testid={`scan-${scan.id}`}>
                {showUser && (
                  <Table.Td>
                    {scan.userEmail && (
                      <Anchor component={LocaleLink} to={userPath(scan.userEmail)} size="sm">
                        {scan.userEmail}
                      </Anchor>
                    )}
                  </Table.Td>
                )}
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {scan.fileName}
                  </Text>
                  {scan.storeUrl && (
                    <Anchor
                      href={scan.storeUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="xs"
                      c="dimmed"
                    >
                      {scan.storeUrl}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td>{t(`types.${scan.searchType}`, { defaultValue: scan.searchType })}</Table.Td>
                <Table.Td>{scan.market}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(scan.searchDate, locale)}</Table.Td>
                <Table.Td>{scan.asinCount}</Table.Td>
                <Table.Td>
                  <Badge
                    color={STATUS_COLORS[scan.status] ?? 'gray'}
                    variant="light"
                    data-testid={`scan-status-${scan.id}`}
                  >
                    {t(`statuses.${scan.status}`, { defaultValue: scan.status })}
                  </Badge>
                  {scan.status === 'FAILED' && (scan.failureReason || scan.failureCode) && (
                    <Text size="xs" c="red" mt={2} data-testid={`scan-failure-${scan.id}`}>
                      {scan.failureCode
                        ? t(`common:scanFailures.${scan.failureCode}`, {
                            defaultValue: scan.failureReason ?? '',
                          })
                        : scan.failureReason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  {change && (
                    <Tooltip label={t(change === 'CANCELED' ? 'scans.cancelHint' : 'scans.requeueHint')}>
                      <Button
                        size="xs"
                        variant="subtle"
                        color={change === 'CANCELED' ? 'red' : 'blue'}
                        leftSection={
                          change === 'CANCELED' ? <IconPlayerStop size={14} /> : <IconRepeat size={14} />
                        }
                        onClick={() => {
                          const request = actions.changeScanStatus(scan.id, scan.status, scan.fileName);
                          if (request) confirm(request);
                        }}
                        data-testid={`scan-${change === 'CANCELED' ? 'cancel' : 'requeue'}-${scan.id}`}
                      >
                        {t(change === 'CANCELED' ? 'scans.cancel' : 'scans.requeue')}
                      </Button>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

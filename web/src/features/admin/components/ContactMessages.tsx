import { useState } from 'react';
import { Alert, Anchor, Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LocaleLink, useLocale } from '../../../app/locale';
import { formatDate } from '../../../lib/date';
import { useContactMessagesQuery } from '../api/adminApi';
import { Empty } from './Empty';
import { Pager } from './Pager';
import { userPath } from '../paths';

/** The contact-form messages, newest first, and whether each reached the support mailbox. */
export function ContactMessages() {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const [page, setPage] = useState(0);
  const messages = useContactMessagesQuery(page);
  if (messages.isError)
    return (
      <Alert color="red" data-testid="messages-error">
        {t('messages.failed')}
      </Alert>
    );
  const rows = messages.data?.items ?? [];
  if (messages.data && rows.length === 0)
    return (
      <Empty title={t('messages.none')} testId="messages-empty">
        {t('messages.noneHint')}
      </Empty>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" data-testid="messages-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('messages.at')}</Table.Th>
              <Table.Th>{t('messages.from')}</Table.Th>
              <Table.Th>{t('messages.subject')}</Table.Th>
              <Table.Th>{t('messages.mailed')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((m) => (
              <Table.Tr key={m.id} data-testid={`message-${m.id}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(m.createdAt, locale)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{m.name}</Text>
                  <Anchor component={LocaleLink} to={userPath(m.email)} size="xs">
                    {m.email}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {m.subject}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {m.message}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {m.mailedAt ? (
                    <Badge color="green" variant="light">
                      {formatDate(m.mailedAt, locale)}
                    </Badge>
                  ) : (
                    <>
                      <Badge color="orange" variant="light">
                        {t('messages.notMailed')}
                      </Badge>
                      {m.mailFailures > 0 && (
                        <Text size="xs" c="dimmed" mt={2}>
                          {t('messages.mailFailures', { count: m.mailFailures })}
                        </Text>
                      )}
                    </>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {messages.data && (
        <Pager page={page} total={messages.data.total} onChange={setPage} testId="messages-pager" />
      )}
    </>
  );
}

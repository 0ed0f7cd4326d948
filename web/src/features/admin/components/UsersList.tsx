import { useState } from 'react';
import { Anchor, Table, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LocaleLink, useLocale } from '../../../app/locale';
import { formatDate } from '../../../lib/date';
import { useUsersQuery } from '../api/adminApi';
import { userPath } from '../paths';
import { useUrlQuery } from '../useUrlQuery';
import { Empty } from './Empty';
import { Pager } from './Pager';
import { UserFlags } from './UserFlags';

/** The users read model: search by email or name (`?q=`), pages (`?page=`, from 1), the flags. */
export function UsersList() {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const { query, page, set, setPage } = useUrlQuery();
  const search = query.get('q')?.trim() ?? '';
  const [text, setText] = useState(search);
  const users = useUsersQuery({ search, page });

  const writeSearch = useDebouncedCallback((value: string) => set({ q: value.trim() || null }), 400);

  const rows = users.data?.items ?? [];
  return (
    <>
      <TextInput
        label={t('users.search')}
        placeholder={t('users.searchHint')}
        leftSection={<IconSearch size={14} />}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          writeSearch(event.currentTarget.value);
        }}
        maw={360}
        mb="md"
        data-testid="users-search"
      />
      {users.data && rows.length === 0 ? (
        <Empty title={search ? t('users.noMatch', { search }) : t('users.none')} testId="users-empty">
          {search ? t('users.noMatchHint') : t('users.noneHint')}
        </Empty>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover data-testid="users-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.email')}</Table.Th>
                <Table.Th>{t('users.name')}</Table.Th>
                <Table.Th>{t('users.created')}</Table.Th>
                <Table.Th>{t('users.flags')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((user) => (
                <Table.Tr key={user.userId || user.email} data-testid={`user-row-${user.email}`}>
                  <Table.Td>
                    <Anchor component={LocaleLink} to={userPath(user.email)} size="sm">
                      {user.email}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{`${user.firstName} ${user.lastName}`.trim()}</Table.Td>
                  <Table.Td>{formatDate(user.createdAt, locale)}</Table.Td>
                  <Table.Td>
                    <UserFlags user={user} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {users.data && <Pager page={page} total={users.data.total} onChange={setPage} testId="users-pager" />}
    </>
  );
}

import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  API_TOKEN_LIFETIMES,
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPES,
  apiTokenForm,
} from '@shelfscan/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale';
import { formatDate } from '../../../lib/date';
import { useSchemaForm, useServerSubmit } from '../../../lib/form';
import { useApiErrorText } from '../../../lib/useApiErrorText';
import {
  useApiTokensQuery,
  useCreateApiTokenMutation,
  useRevokeApiTokenMutation,
  type ApiToken,
} from '../api/accountApi';

const DAY_MS = 86_400_000;

/**
 * API tokens (issue 19): make a personal token (name, scopes, lifetime), see it once, list mine with
 * their last use, revoke one. The API itself: docs/api.md.
 */
export function ApiTokens() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const errorText = useApiErrorText('account');
  const { data: tokens, isLoading, isError } = useApiTokensQuery();
  const [create, { isLoading: creating }] = useCreateApiTokenMutation();
  const [revoke, { isLoading: revoking }] = useRevokeApiTokenMutation();
  const [shown, setShown] = useState<string | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const form = useSchemaForm(apiTokenForm, { name: '', scopes: [] as string[], lifetimeDays: '90' });
  const { error, onSubmit } = useServerSubmit(form, errorText, async (values) => {
    const days = Number(values.lifetimeDays);
    const answer = await create({
      name: values.name,
      scopes: values.scopes,
      ...(days ? { expiresAt: new Date(Date.now() + days * DAY_MS).toISOString() } : {}),
    }).unwrap();
    setShown(answer.data?.token ?? null);
    form.reset();
  });
  const onRevoke = async (token: ApiToken) => {
    setRevokeError(null);
    try {
      await revoke(token.id).unwrap();
    } catch (e) {
      setRevokeError(errorText(e));
    }
  };
  const when = (value: string | null, none: string) => (value ? formatDate(value, locale) : none);

  return (
    <Stack gap="md" data-testid="api-tokens">
      <Text size="sm">{t('tokens.intro')}</Text>
      {shown && (
        <Alert color="green" title={t('tokens.createdTitle')} data-testid="api-token-created">
          <Stack gap="xs">
            <Text size="sm">{t('tokens.shownOnce')}</Text>
            <Code block data-testid="api-token-value">
              {shown}
            </Code>
            <Group>
              <CopyButton value={shown}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy} data-testid="api-token-copy">
                    {copied ? t('tokens.copied') : t('tokens.copy')}
                  </Button>
                )}
              </CopyButton>
              <Button size="xs" variant="subtle" onClick={() => setShown(null)} data-testid="api-token-hide">
                {t('tokens.done')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate aria-label={t('tokens.new')} data-testid="api-token-form">
        <Stack gap="sm">
          <TextInput
            label={t('tokens.name')}
            maxLength={API_TOKEN_NAME_MAX}
            required
            {...form.getInputProps('name')}
            data-testid="api-token-name"
          />
          <Checkbox.Group label={t('tokens.scopes')} required {...form.getInputProps('scopes')}>
            <Stack gap={4} mt={4}>
              {API_TOKEN_SCOPES.map((scope) => (
                <Checkbox
                  key={scope}
                  value={scope}
                  label={`${scope}: ${t(`tokens.scope.${scope.replace(':', '_')}`)}`}
                  data-testid={`api-token-scope-${scope}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <Select
            label={t('tokens.lifetime')}
            data={API_TOKEN_LIFETIMES.map((d) => ({
              value: String(d),
              label: d ? t('tokens.days', { count: d }) : t('tokens.never'),
            }))}
            allowDeselect={false}
            {...form.getInputProps('lifetimeDays')}
            data-testid="api-token-lifetime"
          />
          {error && (
            <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }} data-testid="api-token-error">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={creating} data-testid="api-token-create">
              {t('tokens.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      {isLoading && <Skeleton h={60} />}
      {isError && <Alert color="red">{t('tokens.loadError')}</Alert>}
      {revokeError && (
        <Alert color="red" role="alert" data-testid="api-token-revoke-error">
          {revokeError}
        </Alert>
      )}
      {tokens && tokens.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="api-tokens-none">
          {t('tokens.none')}
        </Text>
      )}
      {tokens && tokens.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table data-testid="api-tokens-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('tokens.name')}</Table.Th>
                <Table.Th>{t('tokens.scopes')}</Table.Th>
                <Table.Th>{t('tokens.expires')}</Table.Th>
                <Table.Th>{t('tokens.lastUsed')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tokens.map((token) => (
                <Table.Tr key={token.id} data-testid="api-token-row">
                  <Table.Td>{token.name}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {token.scopes.map((s) => (
                        <Badge key={s} variant="light" size="sm" tt="none">
                          {s}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>{when(token.expiresAt, t('tokens.never'))}</Table.Td>
                  <Table.Td data-testid="api-token-last-used">
                    {when(token.lastUsedAt, t('tokens.notUsed'))}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      loading={revoking}
                      onClick={() => void onRevoke(token)}
                      data-testid="api-token-revoke"
                    >
                      {t('tokens.revoke')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

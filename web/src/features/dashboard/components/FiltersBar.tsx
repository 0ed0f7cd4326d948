import { useState } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../app/DayInput';
import { SEARCH_TYPES, TODO_STATUSES, type Filters } from '../model';

type Key = keyof Filters;

/** The list filters; each change is written to the URL query (the page reads them back from it). */
export function FiltersBar({
  filters,
  markets,
  onChange,
  onClear,
}: {
  filters: Filters;
  markets: readonly string[];
  onChange: (key: Key, value: string | null) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const [text, setText] = useState(filters.q ?? '');
  const writeText = useDebouncedCallback((value: string) => onChange('q', value.trim() || null), 400);

  const any = Object.values(filters).some(Boolean);
  return (
    <Group align="flex-end" gap="sm" mb="md" data-testid="filters">
      <Select
        label={t('filters.type')}
        data={SEARCH_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
        value={filters.type ?? null}
        onChange={(value) => onChange('type', value)}
        clearable
        w={150}
        data-testid="filter-type"
      />
      <Select
        label={t('filters.status')}
        data={TODO_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
        value={filters.status ?? null}
        onChange={(value) => onChange('status', value)}
        clearable
        w={170}
        data-testid="filter-status"
      />
      <Select
        label={t('filters.market')}
        data={[...markets]}
        value={filters.market ?? null}
        onChange={(value) => onChange('market', value)}
        clearable
        w={110}
        data-testid="filter-market"
      />
      <TextInput
        label={t('filters.q')}
        leftSection={<IconSearch size={14} />}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          writeText(event.currentTarget.value);
        }}
        w={240}
        data-testid="filter-q"
      />
      {(['from', 'to'] as const).map((key) => (
        <DayInput
          key={key}
          label={t(`filters.${key}`)}
          value={filters[key] ?? ''}
          onChange={(day) => onChange(key, day || null)}
          clearable
          w={140}
          data-testid={`filter-${key}`}
        />
      ))}
      {any && (
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={14} />}
          onClick={() => {
            setText('');
            onClear();
          }}
        >
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}

import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '../model';

/** The total of a list (`x-total-count`) and, when it has more than one page, the page switch. */
export function Pager({
  page,
  total,
  onChange,
  testId,
}: {
  /** 0-based, as the API counts. */
  page: number;
  total: number;
  onChange: (page: number) => void;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Group justify="space-between" mt="sm" data-testid={testId}>
      <Text size="sm" c="dimmed" data-testid={`${testId}-total`}>
        {t('list.total', { count: total })}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page + 1, pages)}
          onChange={(value) => onChange(value - 1)}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': t(`list.${control}`) })}
        />
      )}
    </Group>
  );
}

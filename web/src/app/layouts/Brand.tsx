import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { LocaleLink } from '../locale';

export function Brand() {
  return (
    <LocaleLink to="/" style={{ textDecoration: 'none', color: 'inherit' }} aria-label="ShelfScan">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size="md" radius="md" variant="filled">
          <IconScan size={18} />
        </ThemeIcon>
        <Text fw={700} size="lg">
          ShelfScan
        </Text>
      </Group>
    </LocaleLink>
  );
}

import type { ReactNode } from 'react';
import { Container, Group, Text, Title } from '@mantine/core';

/** Standard page frame: a title (h1), optional description and actions, then the content. */
export function PageShell({
  title,
  description,
  actions,
  children,
  size = 'lg',
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}) {
  return (
    <Container size={size} py="xl">
      <Group justify="space-between" align="flex-start" mb="lg">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          {description && (
            <Text c="dimmed" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {actions}
      </Group>
      {children}
    </Container>
  );
}

import { Text, Title } from '@mantine/core';

export function AuthHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <Title order={2} mb={4}>
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" size="sm" mb="lg">
          {subtitle}
        </Text>
      )}
    </>
  );
}

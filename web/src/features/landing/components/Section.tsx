import type { ReactNode } from 'react';
import { Box, Container, Text, Title } from '@mantine/core';

export function Section({
  id,
  title,
  intro,
  children,
  muted,
}: {
  id: string;
  title: string;
  intro?: string;
  children?: ReactNode;
  muted?: boolean;
}) {
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      py={64}
      bg={muted ? 'gray.0' : undefined}
      style={{ scrollMarginTop: 72 }}
    >
      <Container size="lg">
        <Title order={2} id={`${id}-title`} ta="center" mb="sm">
          {title}
        </Title>
        {intro && (
          <Text c="dimmed" ta="center" maw={720} mx="auto" mb="xl">
            {intro}
          </Text>
        )}
        {children}
      </Container>
    </Box>
  );
}

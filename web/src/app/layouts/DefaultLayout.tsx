import { Suspense } from 'react';
import { Box, Container, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../locale';
import { Brand } from './Brand';
import { PageFallback } from './PageFallback';

/** Minimal layout (error pages, logout). */
export function DefaultLayout() {
  return (
    <Box mih="100vh">
      <Container size="lg" py="md">
        <Group justify="space-between">
          <Brand />
          <LanguageSwitch />
        </Group>
      </Container>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}

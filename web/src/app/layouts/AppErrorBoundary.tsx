import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { i18n } from '../../lib/i18n';
import { isChunkLoadError, reloadForChunkError } from '../../lib/errors';
import { reloadPage } from '../../lib/navigation';

interface State {
  error: unknown;
}

/**
 * Last line of defence for render errors. A failed lazy chunk reloads the page (at most once per
 * 60 s, see lib/errors.ts); anything else shows a "something went wrong" screen with a reload button.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isChunkLoadError(error)) reloadForChunkError(window.sessionStorage, reloadPage);
    else console.error(error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Center mih="60vh" p="xl">
        <Stack align="center" ta="center">
          <Title order={1} size="h2">
            {i18n.t('common:errors.somethingWentWrong')}
          </Title>
          <Text c="dimmed">{i18n.t('common:errors.generic')}</Text>
          <Button onClick={reloadPage}>{i18n.t('common:reload')}</Button>
        </Stack>
      </Center>
    );
  }
}

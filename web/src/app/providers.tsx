import type { ReactNode } from 'react';
import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { i18n } from '../lib/i18n';
import { TOAST_AUTO_CLOSE_MS } from './api';
import type { AppStore } from './store';
import './toasts.css';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
});

export function AppProviders({
  store,
  children,
  env,
}: {
  store: AppStore;
  children: ReactNode;
  env?: 'default' | 'test';
}) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={theme} env={env}>
          <Notifications
            autoClose={TOAST_AUTO_CLOSE_MS}
            position="top-right"
            classNames={{ root: 'toasts' }}
          />
          {children}
        </MantineProvider>
      </I18nextProvider>
    </Provider>
  );
}

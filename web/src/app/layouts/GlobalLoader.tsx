import { Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../hooks';
import { selectLoaderVisible } from '../loader';

/** Thin progress bar fixed at the top while any api request is pending. */
export function GlobalLoader() {
  const visible = useAppSelector(selectLoaderVisible);
  const { t } = useTranslation('common');
  if (!visible) return null;
  return (
    <Progress
      data-testid="global-loader"
      aria-label={t('loading')}
      value={100}
      animated
      striped
      size={3}
      radius={0}
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 10000 }}
    />
  );
}

import { Suspense } from 'react';
import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../lib/lazy';
import { withTexts } from '../i18n';
import { PageFallback } from './PageFallback';

export const FILTER_PANEL_WIDTH = 550;

// The panel's code (the set operations, the number inputs) and its texts load when it is first opened.
const loadPanel = withTexts(
  () => import('../../features/filter-tool/components/FilterToolPanel'),
  'filter-tool',
);
const FilterToolPanel = lazyNamed(loadPanel, 'FilterToolPanel');

/** The ASIN filter tool's 550 px side panel of the index layout. */
export function FilterDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={FILTER_PANEL_WIDTH}
      title={t('nav.filterTool')}
      data-testid="filter-drawer"
    >
      <Suspense fallback={<PageFallback />}>
        <FilterToolPanel />
      </Suspense>
    </Drawer>
  );
}

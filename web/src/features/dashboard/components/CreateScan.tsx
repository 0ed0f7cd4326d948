import { Suspense, useState } from 'react';
import { Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Quota, SearchType } from '../model';
import { lazyNamed } from '../../../lib/lazy';

// The dialogs (and their form inputs) load when one is opened, not with the page.
const ScanDialog = lazyNamed(() => import('./ScanDialog'), 'ScanDialog');
const AsinCheckDialog = lazyNamed(() => import('./AsinCheckDialog'), 'AsinCheckDialog');
const BatchDialog = lazyNamed(() => import('./BatchDialog'), 'BatchDialog');

/** The plan a scan type needs (an ASIN check and a functional scan count against the standard quota). */
const PLAN_OF: Record<SearchType, keyof Quota['plans']> = {
  standard: 'standard',
  deep: 'deep',
  FUNCTIONAL: 'functional',
  asinCheck: 'standard',
};
const NO_PLAN_CODE: Record<keyof Quota['plans'], string> = {
  standard: 'noStandardPlan',
  deep: 'noDeepPlan',
  functional: 'noFunctionalPlan',
};

/** The code explaining why a scan type cannot be started, or null when its plan is held. */
export function planBlock(quota: Quota | undefined, type: SearchType): string | null {
  if (!quota) return null;
  const plan = PLAN_OF[type];
  return quota.plans[plan] ? null : NO_PLAN_CODE[plan];
}

/** "New scan": a menu of the four scan types and many stores at once (a type without its plan is disabled, with the reason) and their dialogs. */
export function CreateScan({ quota }: { quota: Quota | undefined }) {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState<SearchType | 'batch' | null>(null);
  const batchBlock = planBlock(quota, 'standard') && planBlock(quota, 'deep');
  const types: SearchType[] = ['standard', 'deep', 'FUNCTIONAL', 'asinCheck'];
  return (
    <>
      <Menu position="bottom-end" width={300}>
        <Menu.Target>
          <Button
            leftSection={<IconPlus size={16} />}
            rightSection={<IconChevronDown size={14} />}
            data-testid="create-scan"
          >
            {t('create.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {types.map((type) => {
            const block = planBlock(quota, type);
            return (
              <Menu.Item
                key={type}
                disabled={!!block}
                onClick={() => setOpen(type)}
                data-testid={`create-${type}`}
              >
                <Text size="sm" fw={500}>
                  {t(`create.${type}`)}
                </Text>
                <Text size="xs" c={block ? 'red' : 'dimmed'} data-testid={`create-${type}-hint`}>
                  {block ? t(`messages:${block}`) : t(`create.${type}Hint`)}
                </Text>
              </Menu.Item>
            );
          })}
          <Menu.Item disabled={!!batchBlock} onClick={() => setOpen('batch')} data-testid="create-batch">
            <Text size="sm" fw={500}>
              {t('create.batch')}
            </Text>
            <Text size="xs" c={batchBlock ? 'red' : 'dimmed'} data-testid="create-batch-hint">
              {batchBlock ? t(`messages:${batchBlock}`) : t('create.batchHint')}
            </Text>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Suspense fallback={null}>
        {open && open !== 'asinCheck' && open !== 'batch' && (
          <ScanDialog type={open} quota={quota} onClose={() => setOpen(null)} />
        )}
        {open === 'asinCheck' && <AsinCheckDialog quota={quota} onClose={() => setOpen(null)} />}
        {open === 'batch' && <BatchDialog quota={quota} onClose={() => setOpen(null)} />}
      </Suspense>
    </>
  );
}

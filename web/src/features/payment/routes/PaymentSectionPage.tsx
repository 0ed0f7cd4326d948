import { Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import { lazyNamed } from '../../../lib/lazy';

export type PaymentSection =
  | 'addCard'
  | 'addCardSuccess'
  | 'addPlan'
  | 'addPlanSuccess'
  | 'deleteCard'
  | 'deletePlan'
  | 'deletePlanSuccess'
  | 'invoice';

// Each child of /payment is its own chunk (the card form carries the country and region lists).
const pages = {
  addCard: lazyNamed(() => import('./AddCardPage'), 'AddCardPage'),
  addCardSuccess: lazyNamed(() => import('./AddCardSuccessPage'), 'AddCardSuccessPage'),
  addPlan: lazyNamed(() => import('./AddPlanPage'), 'AddPlanPage'),
  addPlanSuccess: lazyNamed(() => import('./AddPlanSuccessPage'), 'AddPlanSuccessPage'),
  deleteCard: lazyNamed(() => import('./DeleteCardPage'), 'DeleteCardPage'),
  deletePlan: lazyNamed(() => import('./DeletePlanPage'), 'DeletePlanPage'),
  deletePlanSuccess: lazyNamed(() => import('./DeletePlanSuccessPage'), 'DeletePlanSuccessPage'),
  invoice: lazyNamed(() => import('./InvoicePage'), 'InvoicePage'),
} satisfies Record<PaymentSection, unknown>;

/** The children of /payment (routes declared in app/routes.tsx), each loaded when opened. */
export function PaymentSectionPage({ section }: { section: PaymentSection }) {
  const Page = pages[section];
  return (
    <Suspense fallback={<Skeleton h={240} />}>
      <Page />
    </Suspense>
  );
}

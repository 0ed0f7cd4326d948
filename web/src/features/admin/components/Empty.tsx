import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** What a list shows when it has nothing: what that means and what to do next. */
export function Empty({ title, children, testId }: { title: string; children?: ReactNode; testId: string }) {
  return (
    <Alert icon={<IconInfoCircle size={18} />} title={title} color="gray" data-testid={testId}>
      {children}
    </Alert>
  );
}

import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';

/** An inline success or error message of a form (multi-line texts keep their line breaks). */
export function ApiMessage({
  kind,
  children,
  testId,
}: {
  kind: 'success' | 'error' | 'info';
  children: string;
  testId?: string;
}) {
  const color = kind === 'success' ? 'green' : kind === 'error' ? 'red' : 'blue';
  const Icon = kind === 'error' ? IconAlertCircle : IconCircleCheck;
  return (
    <Alert
      color={color}
      icon={<Icon size={18} />}
      data-testid={testId}
      role={kind === 'error' ? 'alert' : 'status'}
      style={{ whiteSpace: 'pre-line' }}
    >
      {children}
    </Alert>
  );
}

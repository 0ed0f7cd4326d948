import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A yes/no question before an action that cannot be taken back. */
export function ConfirmModal({
  opened,
  title,
  text,
  confirmLabel,
  color = 'blue',
  busy,
  onConfirm,
  onClose,
  testId,
}: {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  color?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Modal opened={opened} onClose={onClose} title={title} data-testid={testId}>
      <Text mb="lg">{text}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('confirm.cancel')}
        </Button>
        <Button color={color} loading={busy} onClick={onConfirm} data-testid={`${testId}-confirm`}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

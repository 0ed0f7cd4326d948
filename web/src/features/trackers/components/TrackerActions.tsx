import { useState } from 'react';
import { Button, Group, Modal, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlayerPause, IconPlayerPlay, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '../../../app/api';
import { useDeleteTrackerMutation, useTrackerActionMutation } from '../api/trackersApi';
import { trackerName, type Tracker } from '../model';

const done = (message: string) =>
  notifications.show({ color: 'green', message, autoClose: TOAST_AUTO_CLOSE_MS });

/**
 * What can be done with a tracker: pause or resume, run now (not while a run is going), edit, and
 * delete after a confirmation. A failure is toasted by the app's error catalogue.
 */
export function TrackerActions({
  tracker,
  onEdit,
  onDeleted,
  size = 'xs',
}: {
  tracker: Tracker;
  onEdit: () => void;
  onDeleted?: () => void;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation('trackers');
  const [act, acting] = useTrackerActionMutation();
  const [remove, removing] = useDeleteTrackerMutation();
  const [confirm, setConfirm] = useState(false);
  const busy = acting.isLoading;

  const run = async (action: 'run' | 'pause' | 'resume') => {
    try {
      await act({ id: tracker.id, action }).unwrap();
      done(
        t(action === 'run' ? 'actions.started' : action === 'pause' ? 'actions.paused' : 'actions.resumed'),
      );
    } catch {
      // The app's error catalogue shows the failure (a run already going is the server's 4xx).
    }
  };
  const deleteIt = async () => {
    try {
      await remove(tracker.id).unwrap();
      setConfirm(false);
      done(t('actions.deleted'));
      onDeleted?.();
    } catch {
      // Shown by the error catalogue; the dialog stays open.
    }
  };

  return (
    <Group gap="xs" role="group" aria-label={t('actions.label', { name: trackerName(tracker) })}>
      {tracker.paused ? (
        <Button
          size={size}
          variant="light"
          leftSection={<IconPlayerPlay size={14} />}
          disabled={busy}
          onClick={() => void run('resume')}
          data-testid={`tracker-${tracker.id}-resume`}
        >
          {t('actions.resume')}
        </Button>
      ) : (
        <Button
          size={size}
          variant="light"
          color="gray"
          leftSection={<IconPlayerPause size={14} />}
          disabled={busy}
          onClick={() => void run('pause')}
          data-testid={`tracker-${tracker.id}-pause`}
        >
          {t('actions.pause')}
        </Button>
      )}
      <Tooltip label={t('actions.runGoing')} disabled={!tracker.running}>
        <Button
          size={size}
          variant="light"
          leftSection={<IconRefresh size={14} />}
          disabled={busy || tracker.running}
          onClick={() => void run('run')}
          data-testid={`tracker-${tracker.id}-run`}
        >
          {t('actions.run')}
        </Button>
      </Tooltip>
      <Button
        size={size}
        variant="default"
        leftSection={<IconEdit size={14} />}
        onClick={onEdit}
        data-testid={`tracker-${tracker.id}-edit`}
      >
        {t('actions.edit')}
      </Button>
      <Button
        size={size}
        variant="light"
        color="red"
        leftSection={<IconTrash size={14} />}
        onClick={() => setConfirm(true)}
        data-testid={`tracker-${tracker.id}-delete`}
      >
        {t('actions.delete')}
      </Button>
      <Modal
        opened={confirm}
        onClose={() => setConfirm(false)}
        title={t('actions.deleteTitle')}
        data-testid={`tracker-${tracker.id}-confirm-delete`}
      >
        <Text mb="lg">{t('actions.deleteText', { name: trackerName(tracker) })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirm(false)}>
            {t('actions.cancel')}
          </Button>
          <Button
            color="red"
            loading={removing.isLoading}
            onClick={() => void deleteIt()}
            data-testid={`tracker-${tracker.id}-confirm-delete-confirm`}
          >
            {t('actions.delete')}
          </Button>
        </Group>
      </Modal>
    </Group>
  );
}

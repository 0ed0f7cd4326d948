import { useEffect, useRef } from 'react';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { trackerTag } from '../../app/trackersApi';

/**
 * When a tracker that was running stops (its run ended), its page's runs and ASINs are asked for
 * again: the poll only follows the tracker while it runs.
 */
export function useRunEnd(trackers: readonly { id: string; running: boolean }[]) {
  const dispatch = useAppDispatch();
  const wasRunning = useRef(new Set<string>());
  useEffect(() => {
    const ended = [...wasRunning.current].filter((id) => trackers.some((t) => t.id === id && !t.running));
    wasRunning.current = new Set(trackers.filter((t) => t.running).map((t) => t.id));
    if (ended.length > 0) dispatch(api.util.invalidateTags(ended.map(trackerTag)));
  }, [trackers, dispatch]);
}

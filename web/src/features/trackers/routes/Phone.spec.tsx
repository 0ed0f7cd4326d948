import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { tracker, trackerRun } from '../../../test/fixtures';
import { userToken } from '../../../test/jwt';
import { mediaQueryList } from '../../../test/media';
import { renderApp } from '../../../test/render';
import { gateway } from '../test/gateway';

/** The window's width, as a browser answers the (max-width: …) queries. */
function windowWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const m = /max-width:\s*([\d.]+)(em|px)/.exec(query);
    const max = m ? Number(m[1]) * (m[2] === 'em' ? 16 : 1) : Number.NaN;
    return mediaQueryList(query, width <= max);
  });
}

describe('trackers on a phone (375 px)', () => {
  it('the dialog takes the whole screen; on a desktop it does not', async () => {
    windowWidth(375);
    gateway();
    const phone = renderApp('/us/trackers?add=1', { token: userToken('ayse@example.com') });
    const dialog = await screen.findByRole('dialog', { name: 'Track a store' }, { timeout: 15_000 });
    expect(dialog.closest('[data-full-screen]')).not.toBeNull();
    phone.unmount();

    windowWidth(1280);
    renderApp('/us/trackers?add=1', { token: userToken('ayse@example.com') });
    const wide = await screen.findByRole('dialog', { name: 'Track a store' }, { timeout: 15_000 });
    expect(wide.closest('[data-full-screen]')).toBeNull();
  });

  it('the runs and ASIN tables scroll sideways inside the page instead of widening it', async () => {
    windowWidth(375);
    gateway({
      trackers: [tracker({ id: 't1', fileName: 'Rival' })],
      runs: { t1: [trackerRun({ id: 'r1' })] },
    });
    renderApp('/us/trackers/t1', { token: userToken('ayse@example.com') });
    const runs = await screen.findByTestId('runs-table', {}, { timeout: 15_000 });
    expect(runs.closest('.mantine-TableScrollContainer-scrollContainer')).not.toBeNull();
    await waitFor(() => expect(screen.getByTestId('asins-empty')).toBeTruthy());
    // Every action stays reachable by its name.
    const actions = screen.getByRole('group', { name: 'Actions for Rival' });
    for (const name of ['Pause', 'Run now', 'Edit', 'Delete'])
      expect(within(actions).getByRole('button', { name })).toBeTruthy();
  });
});

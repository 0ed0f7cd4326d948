import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { adminToken } from '../../../test/jwt';
import { renderApp } from '../../../test/render';
import { ok } from '../../../test/gateway';
import { adminGateway } from '../test/gateway';

/** What each chart was drawn with (jsdom has no layout for recharts to draw in). */
const drawn = vi.hoisted(() => ({ charts: [] as { kind: string; props: Record<string, unknown> }[] }));
vi.mock('@mantine/charts', () => {
  const chart = (kind: string) => (props: Record<string, unknown>) => {
    drawn.charts.push({ kind, props });
    return null;
  };
  return { AreaChart: chart('area'), BarChart: chart('bar'), LineChart: chart('line') };
});

beforeAll(() => import('../routes/AdminPage'), 60_000);

describe('admin charts', () => {
  it('count axes show whole numbers only; revenue months as the locale writes them (Turkish)', async () => {
    adminGateway({
      'GET /api/admin/charts': () =>
        ok({
          from: '2026-10-01',
          to: '2026-10-02',
          scansPerDay: [{ date: '2026-10-01', standard: 1, deep: 0, functional: 0, tracked: 2 }],
          signupsPerDay: [{ date: '2026-10-01', count: 1 }],
          revenuePerMonth: [{ month: '2026-10', tryKurus: 123450 }],
          failuresByReason: [{ reason: 'BLOCKED', count: 1 }],
        }),
    });
    renderApp('/admin?tab=charts', { token: adminToken('admin@example.com') });
    await screen.findByTestId('chart-scans-summary');
    const last = (kind: string, key: string) =>
      drawn.charts.filter((c) => c.kind === kind && c.props.dataKey === key).at(-1)!.props;
    expect(last('bar', 'date').yAxisProps).toMatchObject({ allowDecimals: false });
    expect(last('line', 'date').yAxisProps).toMatchObject({ allowDecimals: false });
    // The failures chart lies on its side: its counts are on the x axis.
    expect(last('bar', 'reason').xAxisProps).toMatchObject({ allowDecimals: false });
    expect(last('area', 'month').data).toEqual([{ month: 'Eki 2026', try: 1234.5 }]);
    // Tracked stores' scans are their own series and in the summary.
    const series = last('bar', 'date').series as { name: string }[];
    expect(series.map((s) => s.name)).toContain('tracked');
    expect(screen.getByTestId('chart-scans-summary').textContent).toContain('2 izlenen mağaza taraması');
  });
});

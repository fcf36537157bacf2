import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TrendsView } from '@vendport/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeUser, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';
import { change } from '../components/trends-report';

const ok = (data: unknown) => ({ success: true, message: 'ok', data });
const layout = () => [
  { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
  { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
];
const totals = (value: number, count: number, failed: number) => ({
  successValueKobo: value,
  successCount: count,
  failedCount: failed,
  pendingCount: 0,
  reversedCount: 0,
  commissionKobo: 0,
  fundingKobo: 100_000,
  successRateBps: Math.round((count * 10_000) / (count + failed)),
});
const share = (key: string, valueKobo: number, previousValueKobo: number) => ({
  key,
  valueKobo,
  count: 1,
  previousValueKobo,
  previousCount: 1,
});
const trends = (granularity: 'day' | 'week'): TrendsView => ({
  startDate: '2026-03-10',
  endDate: '2026-03-11',
  granularity,
  previous: { startDate: '2026-03-08', endDate: '2026-03-09' },
  totals: totals(300_000, 3, 1),
  previousTotals: totals(200_000, 2, 0),
  series: [
    {
      period: '2026-03-10',
      salesKobo: 100_000,
      count: 1,
      failedCount: 1,
      fundingKobo: 100_000,
      successRateBps: 5000,
    },
    {
      period: '2026-03-11',
      salesKobo: 200_000,
      count: 2,
      failedCount: 0,
      fundingKobo: 0,
      successRateBps: 10_000,
    },
  ],
  byNetwork: [share('MTN', 300_000, 150_000), share('GLO', 0, 50_000)],
  byService: [share('AIRTIME', 300_000, 200_000)],
  byChannel: [share('API', 300_000, 200_000)],
  byClientType: [share('PREPAID', 300_000, 200_000)],
});

afterEach(() => sessionStore.clear());

describe('analytics: trends', () => {
  it('[ANALYTICS] totals against the previous period, per-period and per-network tables; grouping reaches the API', async () => {
    sessionStore.login(
      makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions: ['analytics.read'] }),
      'tok',
      false,
    );
    const stub = stubFetch([
      ...layout(),
      { path: /^\/api\/v1\/analytics\/trends\?granularity=week$/, body: ok(trends('week')) },
      { path: /^\/api\/v1\/analytics\/trends$/, body: ok(trends('day')) },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/analytics');
    const sales = await screen.findByTestId('trend-sales', {}, { timeout: 10_000 });
    expect(sales).toHaveTextContent('₦3,000.00');
    expect(sales).toHaveTextContent('+50.0% vs ₦2,000.00');
    expect(screen.getByTestId('trend-totals')).toHaveTextContent('75.0%');
    const perPeriod = screen.getByRole('table', { name: 'Sales and funding per period' });
    expect(within(perPeriod).getAllByRole('row')[1]).toHaveTextContent('Mar 10');
    expect(within(perPeriod).getAllByRole('row')[1]).toHaveTextContent('₦1,000.00');
    const byNetwork = screen.getByRole('table', {
      name: 'Sales by network, this period and the previous one',
    });
    expect(within(byNetwork).getAllByRole('row')[2]).toHaveTextContent('Glo₦0.00₦500.00');
    await userEvent.selectOptions(screen.getByLabelText('Group by'), 'week');
    await screen.findByText('Per week', { selector: 'p' });
    expect(stub.calls.some((c) => c.url.endsWith('analytics/trends?granularity=week'))).toBe(true);
  }, 30_000);

  it('[ANALYTICS] a change against the previous period reads as a person would say it', () => {
    expect(change(150, 100)).toBe('+50.0%');
    expect(change(50, 100)).toBe('-50.0%');
    expect(change(0, 0)).toBe('no change');
    expect(change(10, 0)).toBe('new');
  });
});

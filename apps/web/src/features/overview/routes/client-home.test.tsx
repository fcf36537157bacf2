import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CorporateDashboardView } from '@vendport/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeUser, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';
import { NETWORK_SERIES } from '../components/home-parts';
import { rangeDays } from '../range';

/** The legend's entries (the chart draws one per series), each told apart by its own colour. */
const legendOf = (series: typeof NETWORK_SERIES) => {
  expect(new Set(series.map((s) => s.colour)).size).toBe(series.length);
  return series.map((s) => s.label);
};

const ok = (data: unknown) => ({ success: true, message: 'ok', data });
const layout = () => [
  { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
  { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
];
const zeroNetworks = { MTN: 0, AIRTEL: 0, GLO: 0, '9MOBILE': 0, ELECTRICITY: 0, TV: 0 };

function view(
  over: Partial<CorporateDashboardView> & { value: number; count: number },
): CorporateDashboardView {
  const { value, count, ...rest } = over;
  return {
    filter: 'today',
    startDate: '2026-03-11',
    endDate: '2026-03-11',
    wallet: { balanceKobo: 5_000_000, sandboxBalanceKobo: null, testMode: false },
    totals: {
      successValueKobo: value,
      successCount: count,
      failedCount: 1,
      pendingCount: 0,
      reversedCount: 0,
      commissionKobo: 3_000,
      fundingKobo: 250_000,
    },
    daily: [{ day: '2026-03-11', totalKobo: value, byNetwork: { ...zeroNetworks, MTN: value } }],
    byService: [
      { serviceType: 'AIRTIME', valueKobo: value, count },
      { serviceType: 'DATA', valueKobo: 0, count: 0 },
    ],
    byChannel: [{ channel: 'PORTAL', valueKobo: value, count }],
    recent: [
      {
        id: 'vnd-1',
        code: 'VND-0001',
        msisdn: '+2348031234567',
        network: 'MTN',
        serviceType: 'AIRTIME',
        amountKobo: value,
        status: 'SUCCESSFUL',
        channel: 'PORTAL',
        createdAt: '2026-03-10T23:30:00Z',
      },
    ],
    ...rest,
  };
}

afterEach(() => sessionStore.clear());

describe('client home', () => {
  it('[HOME] shows the period’s figures, the chart’s table alternative and linked vends; the filter changes the figures', async () => {
    sessionStore.login(makeUser({ permissions: ['dashboard.view', 'vend', 'wallet.fund'] }), 'tok', false);
    const stub = stubFetch([
      ...layout(),
      {
        path: /corporate-dashboard-data\?filter=week$/,
        body: ok(view({ filter: 'week', value: 900_000, count: 9 })),
      },
      {
        path: /corporate-dashboard-data\?filter=custom&startDate=2025-01-01&endDate=2025-01-31$/,
        body: ok(
          view({
            filter: 'custom',
            startDate: '2025-01-01',
            endDate: '2025-01-31',
            value: 0,
            count: 0,
            daily: [{ day: '2025-01-01', totalKobo: 0, byNetwork: zeroNetworks }],
          }),
        ),
      },
      { path: /corporate-dashboard-data\?filter=today$/, body: ok(view({ value: 120_000, count: 2 })) },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard?filter=today');
    const figures = await screen.findByTestId('client-figures', {}, { timeout: 10_000 });
    await within(figures).findByText('₦1,200.00', {}, { timeout: 10_000 });
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₦50,000.00');
    expect(screen.getByTestId('funding-received')).toHaveTextContent('₦2,500.00');
    // The chart's table for screen readers: Lagos day as MMM D, naira per network.
    const table = screen.getByRole('table', { name: 'Sales per day by network' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Mar 11');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('₦1,200.00');
    // The vend at 23:30 UTC shows on its Lagos day, linked to its details.
    const recent = screen.getByRole('table', { name: 'Last ten vends' });
    expect(within(recent).getByRole('link', { name: 'VND-0001' })).toHaveAttribute(
      'href',
      '/dashboard/vending-history/vnd-1',
    );
    expect(recent).toHaveTextContent('11/03/202612:30 AM');
    expect(screen.getByRole('link', { name: /Fund wallet/ })).toHaveAttribute('href', '/dashboard/wallet');

    await userEvent.click(screen.getByRole('button', { name: 'This week' }));
    await within(figures).findByText('₦9,000.00');
    expect(screen.getByRole('button', { name: 'This week' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Custom range' }));
    // No request until both dates are there.
    const before = stub.calls.length;
    await userEvent.type(screen.getByLabelText('Start date'), '01/01/2025');
    expect(stub.calls.slice(before).some((c) => c.url.includes('filter=custom'))).toBe(false);
    await userEvent.type(screen.getByLabelText('End date'), '31/01/2025');
    await within(figures).findByText('₦0.00');
    expect(screen.getByTestId('range-shown')).toHaveTextContent('01/01/2025 – 31/01/2025');
    expect(screen.getAllByTestId('chart-empty').length).toBeGreaterThan(0);
  }, 30_000);

  it('[HOME] the daily chart draws bills beside the networks, Electricity and TV in its legend; a bill in the last ten reads as its meter number at its biller', async () => {
    sessionStore.login(makeUser({ permissions: ['dashboard.view'] }), 'tok', false);
    const base = view({ value: 120_000, count: 3 });
    vi.stubGlobal(
      'fetch',
      stubFetch([
        ...layout(),
        {
          path: /corporate-dashboard-data/,
          body: ok({
            ...base,
            daily: [
              {
                day: '2026-03-11',
                totalKobo: 1_070_000,
                byNetwork: { ...zeroNetworks, MTN: 120_000, ELECTRICITY: 500_000, TV: 450_000 },
              },
            ],
            recent: [
              {
                ...base.recent[0]!,
                id: 'vnd-2',
                code: 'VND-0002',
                msisdn: '1111111111111',
                network: 'IKEDC',
                serviceType: 'ELECTRICITY',
              },
            ],
          }),
        },
      ]).fn,
    );
    renderApp('/dashboard?filter=today');
    const table = await screen.findByRole('table', { name: 'Sales per day by network' }, { timeout: 10_000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'MTN', 'Airtel', 'Glo', '9mobile', 'Electricity', 'TV']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('₦5,000.00');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('₦4,500.00');
    expect(legendOf(NETWORK_SERIES)).toEqual(['MTN', 'Airtel', 'Glo', '9mobile', 'Electricity', 'TV']);
    const recent = screen.getByRole('table', { name: 'Last ten vends' });
    const headers = within(recent)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toContain('Meter number');
    expect(headers).not.toContain('Phone');
    expect(recent).toHaveTextContent('1111111111111');
    expect(recent).toHaveTextContent('Ikeja Electric Electricity');
  });

  it('[HOME] a failed load says so with a retry', async () => {
    sessionStore.login(makeUser({ permissions: ['dashboard.view'] }), 'tok', false);
    vi.stubGlobal(
      'fetch',
      stubFetch([
        ...layout(),
        {
          path: /corporate-dashboard-data/,
          status: 400,
          body: { success: false, message: 'Bad', errors: ['Bad'] },
        },
      ]).fn,
    );
    renderApp('/dashboard');
    await waitFor(
      () => expect(screen.getByText('Your dashboard figures could not be loaded.')).toBeInTheDocument(),
      {
        timeout: 5000,
      },
    );
  });

  it('[HOME] periods are Lagos days: weeks start on Monday, months on the 1st', () => {
    // 11 March 2026 is a Wednesday.
    expect(rangeDays({ filter: 'week' }, '2026-03-11')).toEqual({
      startDate: '2026-03-09',
      endDate: '2026-03-11',
    });
    expect(rangeDays({ filter: 'week' }, '2026-03-09')).toEqual({
      startDate: '2026-03-09',
      endDate: '2026-03-09',
    });
    expect(rangeDays({ filter: 'month' }, '2026-03-11')).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-11',
    });
    expect(rangeDays({ filter: 'today' }, '2026-03-11')).toEqual({
      startDate: '2026-03-11',
      endDate: '2026-03-11',
    });
  });
});

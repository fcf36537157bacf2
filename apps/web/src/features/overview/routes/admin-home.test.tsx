// The admin home's daily chart (issue 51): bills drawn beside the networks, Electricity and TV.
import { screen, within } from '@testing-library/react';
import type { AdminDashboardView } from '@vendport/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeUser, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown) => ({ success: true, message: 'ok', data });

const dashboard: AdminDashboardView = {
  startDate: '2026-03-11',
  endDate: '2026-03-11',
  totals: {
    successValueKobo: 1_070_000,
    successCount: 3,
    failedCount: 0,
    pendingCount: 0,
    reversedCount: 0,
    commissionKobo: 0,
    fundingKobo: 0,
    pendingValueKobo: 0,
    failedValueKobo: 0,
    reversedValueKobo: 0,
    clientBalancesKobo: 0,
    commissionUpfrontKobo: 0,
    commissionSettledKobo: 0,
  },
  vtuLines: [],
  lowFloatKobo: 0,
  topClients: [],
  pendingFundRequests: { total: 0, items: [] },
  pendingVerifications: { total: 0, items: [] },
  daily: [
    {
      day: '2026-03-11',
      totalKobo: 1_070_000,
      byNetwork: { MTN: 120_000, AIRTEL: 0, GLO: 0, '9MOBILE': 0, ELECTRICITY: 500_000, TV: 450_000 },
    },
  ],
};

afterEach(() => sessionStore.clear());

describe('admin home', () => {
  it('[HOME] the daily chart draws Electricity and TV beside the networks', async () => {
    sessionStore.login(
      makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions: ['analytics.read'] }),
      'tok',
      false,
    );
    vi.stubGlobal(
      'fetch',
      stubFetch([
        { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
        { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
        { path: /admin-dashboard-data-v2/, body: ok(dashboard) },
      ]).fn,
    );
    renderApp('/admin-dashboard');
    const table = await screen.findByRole('table', { name: 'Sales per day by network' }, { timeout: 10_000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'MTN', 'Airtel', 'Glo', '9mobile', 'Electricity', 'TV']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('₦1,200.00');
    expect(row).toHaveTextContent('₦5,000.00');
    expect(row).toHaveTextContent('₦4,500.00');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CommissionsView, MONEY_WORDS } from '@vendport/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeUser, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const line = (vends: number, amountKobo: number, commissionKobo: number) => ({
  vends,
  amountKobo,
  amount: '',
  commissionKobo,
  commission: '',
});

const report: CommissionsView = {
  totals: { ...line(3, 250_000, 6_500), upfrontKobo: 0, accruedKobo: 6_500, settledKobo: 1_500 },
  // ₦3 of the balance is a pending purchase's: not earned yet, shown apart (issue 36 point 19).
  commissionBalanceKobo: 5_300,
  unsettledKobo: 5_000,
  pendingKobo: 300,
  upfrontCommission: false,
  byDay: [
    { date: '2026-01-04', ...line(1, 50_000, 1_500) },
    { date: '2026-01-05', ...line(2, 200_000, 5_000) },
  ],
  byService: [
    {
      serviceId: 's1',
      network: 'MTN',
      service: 'AIRTIME',
      platform: 'AGGREGATOR',
      ...line(2, 100_000, 3_000),
    },
    { serviceId: 's2', network: 'GLO', service: 'DATA', platform: 'AGGREGATOR', ...line(1, 150_000, 3_500) },
  ],
  byClient: null,
};

afterEach(() => sessionStore.clear());

describe('commission', () => {
  it('[COMMISSION] totals, accrued vs settled, the mode, per day (DD/MM/YYYY, newest first) and per service; dates in the URL', async () => {
    sessionStore.login(makeUser({ permissions: ['commission.read'] }), 'tok', false);
    const stub = stubFetch([
      { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
      { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
      { path: /^\/api\/v1\/commissions(\?.*)?$/, body: ok(report) },
      {
        path: '/api/v1/commissions/settlements',
        body: ok([
          {
            id: 'st_1',
            corporateId: 'corp_1',
            amountKobo: 1_500,
            amount: '15.00',
            vends: 1,
            trigger: 'SCHEDULE',
            createdAt: '2026-01-05T01:00:00.000Z',
          },
        ]),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const { router } = renderApp('/dashboard/commission');
    expect(await screen.findByTestId('commission-total', {}, { timeout: 5000 })).toHaveTextContent('₦65.00');
    expect(screen.getByTestId('commission-accrued')).toHaveTextContent('₦65.00');
    expect(screen.getByTestId('commission-accrued')).toHaveTextContent('₦15.00 settled to your wallet');
    expect(screen.getByTestId('commission-unsettled')).toHaveTextContent('₦50.00');
    expect(
      screen.getByText(MONEY_WORDS.commissionUnsettled, { selector: '[data-money-word]' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('commission-pending')).toHaveTextContent('₦3.00');
    expect(
      screen.getByText(MONEY_WORDS.commissionPending, { selector: '[data-money-word]' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(MONEY_WORDS.commissionBalance, { selector: '[data-money-word]' }).parentElement,
    ).toHaveTextContent('₦53.00');
    expect(screen.getByTestId('commission-mode')).toHaveTextContent('Accrued');

    const days = within(screen.getByRole('table', { name: 'Commission per day' }))
      .getAllByRole('row')
      .slice(1);
    expect(days[0]).toHaveTextContent('05/01/2026');
    expect(days[0]).toHaveTextContent('₦50.00');
    expect(days[1]).toHaveTextContent('04/01/2026');
    const services = within(screen.getByRole('table', { name: 'Commission per service' }));
    expect(services.getByText('MTN Airtime')).toBeInTheDocument();
    expect(services.getByText('Glo Data')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Commission settlements' })).getByText('Daily settlement'),
    ).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Start date'), '01/01/2026');
    expect(new URLSearchParams(router.state.location.search).get('startDate')).toBe('2026-01-01');
    await waitFor(() => expect(stub.calls.at(-1)?.url).toBe('/api/v1/commissions?startDate=2026-01-01'));
  });
});

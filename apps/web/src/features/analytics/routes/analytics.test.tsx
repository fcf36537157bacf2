import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeCommissions } from '../../../../test/catalogue-factories';
import { makeUser, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const layout = () => [
  { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
  { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
];
const asAdmin = (permissions: string[]) =>
  sessionStore.login(makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions }), 'tok', false);
const line = (vends: number, amountKobo: number, commissionKobo: number) => ({
  vends,
  amountKobo,
  amount: '',
  commissionKobo,
  commission: '',
});
const report = makeCommissions({
  totals: { ...line(5, 1_000_000, 30_000), upfrontKobo: 10_000, accruedKobo: 20_000, settledKobo: 5_000 },
  byDay: [
    { date: '2026-01-04', ...line(2, 400_000, 12_000) },
    { date: '2026-01-05', ...line(3, 600_000, 18_000) },
  ],
  byService: [
    {
      serviceId: 's1',
      network: 'MTN',
      service: 'AIRTIME',
      platform: 'AGGREGATOR',
      ...line(5, 1_000_000, 30_000),
    },
  ],
  byClient: [{ corporateId: 'c1', corporateName: 'Acme Telecoms Ltd', ...line(5, 1_000_000, 30_000) }],
});

afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

describe('analytics: commission', () => {
  it('[COMMISSION] shows totals, per day (newest first), per service and per client; filters reach the API', async () => {
    asAdmin(['analytics.read', 'commissions.read']);
    const stub = stubFetch([...layout(), { path: /^\/api\/v1\/commissions/, body: ok(report) }]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/analytics?view=commission&startDate=2026-01-01');
    const totals = await screen.findByTestId('commission-totals', {}, { timeout: 5000 });
    await within(totals).findByText('₦300.00');
    expect(within(totals).getByText('₦10,000.00')).toBeInTheDocument();
    const days = within(screen.getByRole('table', { name: 'Commission per day' })).getAllByRole('row');
    expect(days[1]).toHaveTextContent('05/01/2026');
    expect(days[2]).toHaveTextContent('04/01/2026');
    expect(screen.getByRole('table', { name: 'Commission per service' })).toHaveTextContent(
      'MTN Airtime via Aggregator API',
    );
    expect(stub.calls.some((c) => c.url === '/api/v1/commissions?startDate=2026-01-01')).toBe(true);
    expect(screen.queryByRole('button', { name: /Settle accrued commission/ })).not.toBeInTheDocument();
  }, 30_000);

  it('[COMMISSION] settling a client asks for the password, then shows what was settled', async () => {
    asAdmin(['analytics.read', 'commissions.read', 'commissions.manage', 'clients.read']);
    const stub = stubFetch([
      ...layout(),
      { path: '/api/v1/commissions', body: ok(report) },
      {
        method: 'POST',
        path: '/api/v1/commissions/settle',
        body: ok(
          {
            id: 'st1',
            corporateId: 'c1',
            amountKobo: 15_000,
            amount: '₦150.00',
            vends: 3,
            trigger: 'ADMIN',
            createdAt: '2026-01-05T10:00:00.000Z',
          },
          '₦150.00 commission settled to the wallet',
        ),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/analytics?view=commission');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Settle accrued commission of Acme Telecoms Ltd' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Settle accrued commission' });
    const submit = within(dialog).getByRole('button', { name: 'Settle commission' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Password/, { selector: 'input' }), 'secret');
    await userEvent.click(submit);
    expect(await screen.findByText('₦150.00 commission settled to the wallet')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'POST')!.body).toEqual({
      corporateId: 'c1',
      password: 'secret',
    });
    expect(await screen.findByTestId('success-modal')).toHaveTextContent(
      '₦150.00 from 3 vends has been credited to Acme Telecoms Ltd’s wallet.',
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Settle accrued commission' })).not.toBeInTheDocument(),
    );
  }, 30_000);

  it('[COMMISSION] without the permission the figures are not asked for', async () => {
    asAdmin(['analytics.read']);
    const stub = stubFetch(layout());
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/analytics?view=commission');
    expect(
      await screen.findByText('Commission figures need the View commissions permission.'),
    ).toBeInTheDocument();
    expect(stub.calls.some((c) => c.url.includes('commissions'))).toBe(false);
  });
});

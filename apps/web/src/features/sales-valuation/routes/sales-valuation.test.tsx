import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Network, ServiceType } from '@vendport/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeUser, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';
import { valuationCsv } from '../valuation-csv';

const ok = (data: unknown) => ({ success: true, message: 'ok', data });
const layout = () => [
  { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
  { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
];
const line = (
  network: Network,
  serviceType: ServiceType,
  count: number,
  valueKobo: number,
  commissionKobo: number,
) => ({
  network,
  serviceType,
  count,
  valueKobo,
  commissionKobo,
  netCostKobo: valueKobo - commissionKobo,
});

afterEach(() => sessionStore.clear());

describe('sales valuation', () => {
  it('[VALUATION] counts, fetches every chunk in turn with a progress bar, and sums the lines', async () => {
    sessionStore.login(makeUser({ permissions: ['transactions.read'] }), 'tok', false);
    const stub = stubFetch([
      ...layout(),
      {
        path: /^\/api\/v1\/evaluation\/vending\/corp_1\/count\?startDate=2026-03-01&endDate=2026-03-31&chunkSize=5000$/,
        body: ok({ clientName: 'Acme Ltd', count: 12_000, chunks: 3, chunkSize: 5000 }),
      },
      {
        path: /^\/api\/v1\/evaluation\/vending\/corp_1\?.*after=c2$/,
        body: ok({ rows: 2000, lines: [line('GLO', 'DATA', 2000, 4_000_000, 120_000)], next: null }),
      },
      {
        path: /^\/api\/v1\/evaluation\/vending\/corp_1\?.*after=c1$/,
        body: ok({ rows: 5000, lines: [line('MTN', 'AIRTIME', 5000, 10_000_000, 300_000)], next: 'c2' }),
      },
      {
        path: /^\/api\/v1\/evaluation\/vending\/corp_1\?startDate=2026-03-01&endDate=2026-03-31&chunkSize=5000$/,
        body: ok({ rows: 5000, lines: [line('MTN', 'AIRTIME', 5000, 10_000_000, 300_000)], next: 'c1' }),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/sales-valuation');
    await screen.findByRole('heading', { level: 1, name: 'Sales Valuation' }, { timeout: 10_000 });
    const start = screen.getByLabelText('Start date');
    await userEvent.clear(start);
    await userEvent.type(start, '01/03/2026');
    const end = screen.getByLabelText('End date');
    await userEvent.clear(end);
    await userEvent.type(end, '31/03/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Value sales' }));
    const result = await screen.findByTestId('valuation-result', {}, { timeout: 10_000 });
    const bar = screen.getByRole('progressbar', { name: 'Valuation progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByTestId('valuation-progress')).toHaveTextContent(
      'Fetched 3 of 3 chunks (12,000 vends)',
    );
    // One count call, then the three chunks in order, each after the one before.
    const urls = stub.calls.map((c) => c.url).filter((u) => u.includes('evaluation'));
    expect(urls).toHaveLength(4);
    expect(urls[0]).toContain('/count?');
    expect(urls[1]).not.toContain('after=');
    expect(urls[2]).toContain('after=c1');
    expect(urls[3]).toContain('after=c2');
    const totals = within(result).getByTestId('valuation-totals');
    expect(totals).toHaveTextContent('12,000');
    expect(totals).toHaveTextContent('₦240,000.00');
    expect(totals).toHaveTextContent('₦7,200.00');
    expect(totals).toHaveTextContent('₦232,800.00');
    const table = within(result).getByRole('table', { name: 'Sales valuation per network and service' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Glo');
    expect(rows[2]).toHaveTextContent('MTN');
    expect(rows[2]).toHaveTextContent('10,000');
    expect(rows[2]).toHaveTextContent('₦200,000.00');
    expect(rows[3]).toHaveTextContent('Total');
    expect(within(result).getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  }, 30_000);

  it('[VALUATION] a refused range shows the API’s words', async () => {
    sessionStore.login(makeUser({ permissions: ['transactions.read'] }), 'tok', false);
    vi.stubGlobal(
      'fetch',
      stubFetch([
        ...layout(),
        {
          path: /evaluation\/vending\/corp_1\/count/,
          status: 400,
          body: {
            success: false,
            message: 'Bad',
            errors: ['Choose a range of at most 366 days'],
            code: 'VALIDATION',
          },
        },
      ]).fn,
    );
    renderApp('/dashboard/sales-valuation');
    await userEvent.click(await screen.findByRole('button', { name: 'Value sales' }, { timeout: 10_000 }));
    expect(await screen.findByText('Choose a range of at most 366 days')).toBeInTheDocument();
  }, 30_000);

  it('[VALUATION] the CSV names the client and the Lagos period, one row per line and a total', () => {
    const { filename, text } = valuationCsv(
      {
        clientName: 'Acme & Sons Ltd',
        range: { startDate: '2026-03-01', endDate: '2026-03-31' },
        lines: [line('MTN', 'AIRTIME', 2, 150_000, 4_500), line('GLO', 'DATA', 1, 20_000, 600)],
      },
      new Date('2026-03-31T23:30:00Z'),
    );
    expect(filename).toBe('sales-valuation-acme-sons-ltd-2026-03-01-to-2026-03-31.csv');
    expect(text.split('\r\n')).toEqual([
      'Sales valuation,Acme & Sons Ltd',
      'Period,01/03/2026 - 31/03/2026',
      // 23:30 UTC is 12:30 AM the next day in Lagos.
      'Generated,01/04/2026 12:30 AM',
      '',
      'Network,Service,Vends,Value (NGN),Commission (NGN),Net cost (NGN)',
      'MTN,Airtime,2,1500.00,45.00,1455.00',
      'Glo,Data,1,200.00,6.00,194.00',
      'Total,,3,1700.00,51.00,1649.00',
      '',
    ]);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import {
  makeFundingTransaction,
  makeFundRequest,
  makeUser,
  pageOf,
  stubFetch,
} from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const layout = () => [
  { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
  { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
];

const bank = makeFundingTransaction();
const card = makeFundingTransaction({
  id: 'cp_1',
  code: 'CP-ABCDEFGH12',
  channel: 'CARD',
  reference: 'CP-ABCDEFGH12',
  amountKobo: 250_000,
  feeKobo: 13_750,
  status: 'SUCCESSFUL',
  createdAt: '2026-02-14T22:30:00.000Z',
});
const admin = makeFundingTransaction({
  id: 'af_1',
  code: 'AF-XYZ12345',
  channel: 'ADMIN',
  kind: 'FUND',
  reference: null,
  amountKobo: 1_000_000,
  status: 'SUCCESSFUL',
});

afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

describe('client funding history', () => {
  beforeEach(() => {
    sessionStore.login(makeUser({ permissions: ['wallet.read'] }), 'tok', false);
  });

  it('[FUNDING] renders each row: date DD/MM/YYYY, reference, method, amount, fee and status', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch([
        ...layout(),
        {
          path: '/api/v1/transactions/funding?page=1&limit=40',
          body: pageOf([card, bank, admin], { total: 3 }),
        },
      ]).fn,
    );
    renderApp('/dashboard/funding-history');
    expect(await screen.findByRole('heading', { name: 'Funding History', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Funding transactions' });
    await within(table).findByText('CP-ABCDEFGH12');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const cells = (i: number) =>
      within(rows[i] as HTMLElement)
        .getAllByRole('cell')
        // The date cell's first line (its time is beneath it).
        .map((c) => c.querySelector('time > span')?.textContent ?? c.textContent);
    // 22:30 UTC on 14 Feb is 23:30 in Lagos: still the 14th; its time beneath (issue 53 point 10).
    expect(within(rows[0] as HTMLElement).getByText('11:30 PM')).toBeInTheDocument();
    expect(cells(0)).toEqual(['14/02/2026', 'CP-ABCDEFGH12', 'Card', '₦2,500.00', '₦137.50', 'Successful']);
    expect(cells(1)).toEqual([
      '05/01/2026',
      'FR-7K3QX9M2TRF0042',
      'Bank transfer',
      '₦50,000.00',
      '₦0.00',
      'Approved',
    ]);
    expect(cells(2)).toEqual([
      '05/01/2026',
      'AF-XYZ12345',
      'Admin funding',
      '₦10,000.00',
      '₦0.00',
      'Successful',
    ]);
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('[FUNDING] keeps the filters in the URL and sends them with the list request', async () => {
    const stub = stubFetch([
      ...layout(),
      { path: /^\/api\/v1\/transactions\/funding\?/, body: pageOf([bank]) },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const { router } = renderApp('/dashboard/funding-history?startDate=2026-01-01&limit=80&page=2');
    const params = () => new URLSearchParams(router.state.location.search);
    const filters = await screen.findByRole('form', { name: 'Funding filters' });
    // Filters from the URL show in the inputs and reach the API.
    expect(within(filters).getByLabelText('Start date')).toHaveValue('01/01/2026');
    await waitFor(() =>
      expect(
        stub.calls.some((c) => c.url === '/api/v1/transactions/funding?page=2&limit=80&startDate=2026-01-01'),
      ).toBe(true),
    );

    await userEvent.selectOptions(within(filters).getByLabelText('Status'), 'Approved');
    expect(params().get('status')).toBe('APPROVED');
    // A new filter starts again from page 1 and keeps the page size.
    expect(params().get('page')).toBeNull();
    expect(params().get('limit')).toBe('80');

    await userEvent.type(within(filters).getByLabelText('Search'), 'TRF0042{Enter}');
    expect(params().get('search')).toBe('TRF0042');
    await userEvent.selectOptions(within(filters).getByLabelText('Method'), 'Bank transfer');
    expect(params().get('channel')).toBe('BANK_TRANSFER');
    await waitFor(() =>
      expect(stub.calls.at(-1)?.url).toBe(
        '/api/v1/transactions/funding?page=1&limit=80&search=TRF0042&startDate=2026-01-01&status=APPROVED&channel=BANK_TRANSFER',
      ),
    );

    await userEvent.click(within(filters).getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?limit=80');
    expect(within(filters).getByLabelText('Search')).toHaveValue('');
  });

  it('[FUNDING] shows the empty state, and a filtered empty state', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch([...layout(), { path: /^\/api\/v1\/transactions\/funding\?/, body: pageOf([]) }]).fn,
    );
    const { router } = renderApp('/dashboard/funding-history');
    expect(await screen.findByText(/No funding yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fund your wallet' })).toHaveAttribute(
      'href',
      '/dashboard/wallet',
    );
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await router.navigate('/dashboard/funding-history?status=FAILED');
    expect(await screen.findByText('No funding matches these filters.')).toBeInTheDocument();
  });

  it('[FUNDING] Export CSV downloads the filtered set with the bearer token', async () => {
    const stub = stubFetch([
      ...layout(),
      { path: /^\/api\/v1\/transactions\/funding\?page/, body: pageOf([bank]) },
      {
        path: '/api/v1/transactions/funding?status=APPROVED&format=csv',
        body: new Blob(['Date,ID\r\n'], { type: 'text/csv' }),
        headers: { 'content-disposition': 'attachment; filename="funding-history-2026-01-05.csv"' },
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderApp('/dashboard/funding-history?status=APPROVED');
    await screen.findByText('FR-7K3QX9M2');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Export ready')).toBeInTheDocument();
    const call = stub.calls.find((c) => c.url.includes('format=csv'));
    expect(call?.headers.Authorization).toBe('Bearer tok');
    expect(clicked).toEqual(['funding-history-2026-01-05.csv']);
    expect(created).toHaveBeenCalledTimes(1);
  });
});

describe('admin funding history', () => {
  const paid = makeFundRequest({
    id: 'fr_paid',
    code: 'FR-PAID0001',
    status: 'PAID',
    hasProof: true,
    proofName: 'receipt.png',
  });
  const approved = makeFundRequest({ id: 'fr_done', code: 'FR-DONE0001', status: 'APPROVED' });

  function adminRoutes(requests = [paid, approved]) {
    return [
      ...layout(),
      { path: /^\/api\/v1\/corporates-transactions\/funding\?/, body: pageOf([bank, card]) },
      { path: /^\/api\/v1\/corporates-transactions\/funding-requests\?/, body: pageOf(requests) },
      {
        path: '/api/v1/paid-fund-requests?page=1&limit=40',
        body: pageOf(requests.filter((r) => r.status === 'PAID')),
      },
    ];
  }

  it('[FUNDING] lists every client’s funding with the client column and a client-type filter', async () => {
    sessionStore.login(
      makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions: ['funding.read', 'clients.read'] }),
      'tok',
      false,
    );
    const stub = stubFetch(adminRoutes());
    vi.stubGlobal('fetch', stub.fn);
    const { router } = renderApp('/admin-dashboard/funding-history');
    const table = await screen.findByRole('table', { name: 'Funding transactions' });
    expect(await within(table).findAllByRole('link', { name: 'Acme Telecoms Ltd' })).toHaveLength(2);
    expect(within(table).getAllByRole('link', { name: 'Acme Telecoms Ltd' })[0]).toHaveAttribute(
      'href',
      '/admin-dashboard/view-corporate-client/corp_1',
    );
    // One paid request awaits a decision.
    expect(screen.getByText('1 fund request is marked paid and awaiting a decision.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Client type'), 'Postpaid Plus');
    expect(new URLSearchParams(router.state.location.search).get('clientType')).toBe('POSTPAID_PLUS');
    await waitFor(() => expect(stub.calls.at(-1)?.url).toContain('clientType=POSTPAID_PLUS'));
  });

  it('[FUNDING] approving a paid request: password modal, toast, success modal, lists refetched', async () => {
    sessionStore.login(
      makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions: ['funding.read', 'funding.approve'] }),
      'tok',
      false,
    );
    const stub = stubFetch([
      ...adminRoutes(),
      {
        method: 'POST',
        path: '/api/v1/corporates-transactions/approve',
        body: ok({ ...paid, status: 'APPROVED' }, 'Fund request approved. The wallet has been credited.'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/funding-history?tab=requests');
    const table = await screen.findByRole('table', { name: 'Fund requests' });
    await within(table).findByText('FR-PAID0001');
    expect(within(table).getByRole('button', { name: 'View proof of FR-PAID0001' })).toBeInTheDocument();
    // Decided requests offer no actions.
    expect(within(table).queryByRole('button', { name: 'Approve FR-DONE0001' })).not.toBeInTheDocument();
    const listCalls = () => stub.calls.filter((c) => c.url.includes('funding-requests')).length;
    const before = listCalls();

    await userEvent.click(within(table).getByRole('button', { name: 'Approve FR-PAID0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve fund request' });
    await userEvent.type(within(dialog).getByLabelText(/Password/, { selector: 'input' }), 'Correct-Horse-9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(
      await screen.findByText('Fund request approved. The wallet has been credited.'),
    ).toBeInTheDocument();
    const success = await screen.findByRole('dialog', { name: 'Approval successful' });
    expect(success).toHaveTextContent('Fund request FR-PAID0001 has been successfully approved.');
    expect(screen.queryByRole('dialog', { name: 'Approve fund request' })).not.toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'POST')?.body).toEqual({
      fundRequestId: 'fr_paid',
      password: 'Correct-Horse-9',
    });
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    await userEvent.click(within(success).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('[FUNDING] without funding.approve the review shows no Approve or Decline', async () => {
    sessionStore.login(
      makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions: ['funding.read'] }),
      'tok',
      false,
    );
    vi.stubGlobal('fetch', stubFetch(adminRoutes()).fn);
    renderApp('/admin-dashboard/funding-history?tab=requests');
    const table = await screen.findByRole('table', { name: 'Fund requests' });
    await within(table).findByText('FR-PAID0001');
    expect(within(table).queryByRole('button', { name: /Approve|Decline/ })).not.toBeInTheDocument();
    // Without clients.read the client is plain text.
    expect(within(table).queryByRole('link')).not.toBeInTheDocument();
  });
});

import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminVendView, PortalVendListItem } from '@vendport/shared';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeVend, makeVendDetail } from '../../../../test/catalogue-factories';
import { makeUser, pageOf, screenWidth, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const layout = () => [
  { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
  { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
];

const airtime = makeVend();
const data = makeVend({
  id: 'vnd_2',
  code: 'VND-DATA00000002',
  reference: 'staff-data-7',
  phone: '+2348051234567',
  network: 'GLO',
  type: 'DATA',
  planCode: 'GLO-1GB-14D',
  planName: 'Glo 1GB fortnightly',
  status: 'PENDING',
  commissionKobo: 0,
  createdAt: '2026-02-14T15:45:00.000Z',
});

const adminVend = (v = airtime): AdminVendView => ({
  ...v,
  corporateId: 'corp_1',
  corporateName: 'Acme Telecoms Ltd',
  clientType: 'POSTPAID',
  provider: 'SIMULATOR',
  route: 'AGGREGATOR:SIMULATOR',
  providerReference: 'SIM-1',
  vtuLineId: null,
  reversalReason: null,
  providerReason: null,
});

afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

// The history alone: the buying panel needs the 'vend' permission.
const readOnlyClient = () =>
  sessionStore.login(makeUser({ permissions: ['transactions.read'] }), 'tok', false);

describe('client vending history', () => {
  it("[VENDING] pages by cursor: Next asks for page 2 after the first page's last row, the cursor kept in the URL", async () => {
    readOnlyClient();
    const stub = stubFetch([
      ...layout(),
      {
        path: '/api/v1/transactions/vending?page=1&limit=40',
        body: pageOf([airtime], {
          lastPage: 30,
          hasMorePages: true,
          total: 10_001,
          totalIsEstimate: true,
          nextCursor: 'CUR2',
          prevCursor: null,
        }),
      },
      {
        path: '/api/v1/transactions/vending?page=2&limit=40&cursor=CUR2',
        body: pageOf([data], {
          currentPage: 2,
          lastPage: 30,
          hasMorePages: true,
          total: 10_001,
          totalIsEstimate: true,
          nextCursor: 'CUR3',
          prevCursor: 'CUR1',
        }),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const { router } = renderApp('/dashboard/vending-history');
    await screen.findByText('of about 30', {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('VND-DATA00000002');
    expect(router.state.location.search).toBe('?page=2&cursor=CUR2');
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.url.endsWith('/transactions/vending?page=2&limit=40&cursor=CUR2'))).toBe(
      true,
    );
  });

  it('[VENDING] a reload of a page reached by cursor reads that page again', async () => {
    readOnlyClient();
    const stub = stubFetch([
      ...layout(),
      {
        path: '/api/v1/transactions/vending?page=2&limit=40&cursor=CUR2',
        body: pageOf([data], { currentPage: 2, lastPage: 2, nextCursor: null, prevCursor: 'CUR1' }),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/vending-history?page=2&cursor=CUR2');
    await screen.findByText('VND-DATA00000002', {}, { timeout: 5000 });
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('[VENDING] renders each row: date and time, reference, phone, network, type, amount, commission, status', async () => {
    readOnlyClient();
    vi.stubGlobal(
      'fetch',
      stubFetch([
        ...layout(),
        { path: '/api/v1/transactions/vending?page=1&limit=40', body: pageOf([data, airtime]) },
      ]).fn,
    );
    const { router } = renderApp('/dashboard/vending-history');
    const table = await screen.findByRole('table', { name: 'Vending transactions' }, { timeout: 5000 });
    await within(table).findByText('VND-DATA00000002');
    expect(screen.queryByRole('form', { name: 'Buy airtime or data' })).not.toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (i: number) =>
      within(rows[i] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(0)).toEqual([
      '14/02/20264:45 PM',
      'VND-DATA00000002staff-data-7',
      '+234 805 123 4567',
      'Glo',
      'DataGlo 1GB fortnightly',
      '₦500.00',
      '₦0.00',
      'Pending',
    ]);
    expect(cells(1)).toEqual([
      '05/01/202611:15 AM',
      'VND-7K3QX9M2AB12PTL-abc123',
      '+234 803 123 4567',
      'MTN',
      'Airtime',
      '₦500.00',
      '₦15.00',
      'Successful',
    ]);
    await userEvent.click(rows[1] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/vending-history/vnd_1'));
  });

  it('[VENDING] keeps the filters in the URL and sends them with the list request', async () => {
    readOnlyClient();
    const stub = stubFetch([
      ...layout(),
      { path: /^\/api\/v1\/transactions\/vending\?/, body: pageOf([airtime]) },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const { router } = renderApp('/dashboard/vending-history?status=FAILED&limit=80&page=2');
    const params = () => new URLSearchParams(router.state.location.search);
    const filters = await screen.findByRole('form', { name: 'Vending filters' }, { timeout: 5000 });
    expect(within(filters).getByLabelText('Status')).toHaveValue('FAILED');
    await waitFor(() =>
      expect(
        stub.calls.some((c) => c.url === '/api/v1/transactions/vending?page=2&limit=80&status=FAILED'),
      ).toBe(true),
    );

    await userEvent.selectOptions(within(filters).getByLabelText('Network'), 'MTN');
    expect(params().get('network')).toBe('MTN');
    // A new filter starts again from page 1 and keeps the page size.
    expect(params().get('page')).toBeNull();
    expect(params().get('limit')).toBe('80');
    await userEvent.selectOptions(within(filters).getByLabelText('Type'), 'Airtime');
    expect(params().get('vendType')).toBe('AIRTIME');
    await userEvent.type(within(filters).getByLabelText('Start date'), '01/01/2026');
    expect(params().get('startDate')).toBe('2026-01-01');
    await userEvent.type(within(filters).getByLabelText('Search'), '0803 123{Enter}');
    expect(params().get('search')).toBe('0803 123');
    await userEvent.selectOptions(within(filters).getByLabelText('Mode'), 'Test');
    expect(params().get('mode')).toBe('TEST');
    await waitFor(() =>
      expect(stub.calls.at(-1)?.url).toBe(
        '/api/v1/transactions/vending?page=1&limit=80&search=0803+123&startDate=2026-01-01&status=FAILED&network=MTN&vendType=AIRTIME&mode=TEST',
      ),
    );
    // The pager moves the page and keeps the filters.
    expect(screen.getByText('Page 1')).toBeInTheDocument();

    await userEvent.click(within(filters).getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?limit=80');
    expect(within(filters).getByLabelText('Search')).toHaveValue('');
    // Back in the browser restores the filters.
    await router.navigate(-1);
    await waitFor(() => expect(within(filters).getByLabelText('Mode')).toHaveValue('TEST'));
    expect(params().get('mode')).toBe('TEST');
  });

  it('[VENDING] Export CSV downloads the filtered set', async () => {
    readOnlyClient();
    const stub = stubFetch([
      ...layout(),
      { path: /^\/api\/v1\/transactions\/vending\?page/, body: pageOf([airtime]) },
      {
        path: '/api/v1/transactions/vending?network=MTN&format=csv',
        body: new Blob(['Date,Vend\r\n'], { type: 'text/csv' }),
        headers: { 'content-disposition': 'attachment; filename="vending-history.csv"' },
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderApp('/dashboard/vending-history?network=MTN');
    await screen.findByText('VND-7K3QX9M2AB12', {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Export ready')).toBeInTheDocument();
    expect(clicked).toEqual(['vending-history.csv']);
  });
});

describe('vend details', () => {
  it('[VENDING] shows the purchase and its timeline; a PENDING vend can be requeried', async () => {
    sessionStore.login(makeUser({ permissions: ['transactions.read', 'vend'] }), 'tok', false);
    const pending = makeVendDetail({
      status: 'PENDING',
      completedAt: null,
      events: [
        {
          type: 'CREATED',
          status: 'PENDING',
          provider: null,
          outcome: null,
          message: 'Vend of ₦500.00 to +2348031234567; ₦500.00 debited',
          createdAt: '2026-01-05T10:15:00.000Z',
        },
        {
          type: 'PROVIDER_CALL',
          status: null,
          provider: null,
          outcome: 'PENDING',
          message: 'Queued at the network',
          createdAt: '2026-01-05T10:15:01.000Z',
        },
      ],
    });
    let current = pending;
    const stub = stubFetch([
      ...layout(),
      {
        method: 'PUT',
        path: '/api/v1/transactions/query',
        body: ok(makeVend({ status: 'SUCCESSFUL' }), 'Vend successful'),
      },
    ]);
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(input) === '/api/v1/vend/vnd_1' && (init.method ?? 'GET') === 'GET')
        return new Response(JSON.stringify(ok(current)), { headers: { 'content-type': 'application/json' } });
      return stub.fn(input, init);
    });
    renderApp('/dashboard/vending-history/vnd_1');
    expect(
      await screen.findByRole('heading', { name: 'Transaction Details', level: 1 }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('vend-amount')).toHaveTextContent('₦500.00');
    expect(screen.getByTestId('vend-status')).toHaveTextContent('Pending');
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    const events = within(timeline).getAllByTestId('timeline-event');
    expect(events).toHaveLength(2);
    expect(events[0]).toHaveTextContent('Purchase created');
    expect(events[0]).toHaveTextContent('Jan 5, 11:15 AM');
    expect(events[1]).toHaveTextContent('Provider call');
    expect(events[1]).toHaveTextContent('Queued at the network');
    // Clients do not reverse.
    expect(screen.queryByRole('button', { name: 'Reverse' })).not.toBeInTheDocument();

    current = makeVendDetail();
    await userEvent.click(screen.getByRole('button', { name: 'Requery' }));
    expect(await screen.findByText('Vend successful')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'PUT')?.body).toEqual({ vendId: 'vnd_1' });
    await waitFor(() => expect(screen.getByTestId('vend-status')).toHaveTextContent('Successful'));
    expect(screen.queryByRole('button', { name: 'Requery' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Timeline' })).getAllByTestId('timeline-event'),
    ).toHaveLength(3);
  });

  it('[VENDING] an unknown vend says so', async () => {
    readOnlyClient();
    vi.stubGlobal('fetch', stubFetch(layout()).fn);
    renderApp('/dashboard/vending-history/VND-NOPE');
    expect(
      await screen.findByText('This transaction was not found.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});

describe('admin vending history', () => {
  it('[VENDING] lists every client’s vends with the client and a client-type filter', async () => {
    sessionStore.login(
      makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions: ['vending.read', 'clients.read'] }),
      'tok',
      false,
    );
    const stub = stubFetch([
      ...layout(),
      {
        path: /^\/api\/v1\/corporates-transactions\/vending\?/,
        body: pageOf([adminVend(), adminVend(data)]),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const { router } = renderApp('/admin-dashboard/vending-history');
    const table = await screen.findByRole('table', { name: 'Vending transactions' }, { timeout: 5000 });
    const links = await within(table).findAllByRole('link', { name: 'Acme Telecoms Ltd' });
    expect(links[0]).toHaveAttribute('href', '/admin-dashboard/view-corporate-client/corp_1');
    expect(within(table).getAllByText('Postpaid')).toHaveLength(2);
    await userEvent.selectOptions(screen.getByLabelText('Client type'), 'Postpaid Plus');
    expect(new URLSearchParams(router.state.location.search).get('clientType')).toBe('POSTPAID_PLUS');
    await waitFor(() => expect(stub.calls.at(-1)?.url).toContain('clientType=POSTPAID_PLUS'));
    await userEvent.click(within(table).getByRole('link', { name: 'VND-DATA00000002' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin-dashboard/vending-history/vnd_2'),
    );
  });

  it('[VENDING] reversing a successful vend: reason and password, toast, success modal', async () => {
    sessionStore.login(
      makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions: ['vending.read', 'vending.manage'] }),
      'tok',
      false,
    );
    const detail = makeVendDetail({
      admin: {
        clientType: 'PREPAID',
        provider: 'SIMULATOR',
        route: 'AGGREGATOR:SIMULATOR',
        providerReference: 'SIM-123',
        vtuLineId: null,
        reversalReason: null,
        providerReason: null,
      },
    });
    const stub = stubFetch([
      ...layout(),
      { path: '/api/v1/vend/vnd_1', body: ok(detail) },
      {
        method: 'POST',
        path: '/api/v1/vend/vnd_1/reverse',
        body: ok({ ...adminVend(), status: 'REVERSED' }, 'Vend reversed and refunded'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/vending-history/vnd_1');
    await screen.findByTestId('vend-amount', {}, { timeout: 5000 });
    expect(screen.getByText('SIM-123')).toBeInTheDocument();
    // Requery is for PENDING vends only.
    expect(screen.queryByRole('button', { name: 'Requery' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reverse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse vend' });
    const submit = within(dialog).getByRole('button', { name: 'Reverse and refund' });
    expect(submit).toBeDisabled();
    await userEvent.click(within(dialog).getByLabelText(/Reason/));
    await userEvent.type(
      within(dialog).getByLabelText(/^Password/, { selector: 'input' }),
      'Correct-Horse-9',
    );
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Please enter your reason')).toBeInTheDocument();
    await userEvent.type(
      within(dialog).getByLabelText(/Reason/),
      'Customer was double-charged by the network',
    );
    await userEvent.click(submit);

    expect(await screen.findByText('Vend reversed and refunded')).toBeInTheDocument();
    const success = await screen.findByRole('dialog', { name: 'Reversal successful' });
    expect(success).toHaveTextContent(
      'VND-7K3QX9M2AB12 has been reversed and ₦500.00 refunded to Acme Telecoms Ltd’s wallet.',
    );
    expect(stub.calls.find((c) => c.method === 'POST')?.body).toEqual({
      password: 'Correct-Horse-9',
      reason: 'Customer was double-charged by the network',
    });
  });
});

// Bills on the history (issue 51): a bill's row carries its customer's name and its token masked,
// and its number and biller are named for what they are, on the table and on the phone's cards.
const meterBill: PortalVendListItem = {
  ...makeVend({ id: 'vnd_b1', code: 'VND-BILL00000001', reference: 'PTL-bill-1', phone: '1111111111111' }),
  network: 'IKEDC',
  type: 'ELECTRICITY',
  bill: {
    biller: 'IKEDC',
    billerName: 'Ikeja Electric',
    customerNumber: '1111111111111',
    customerName: 'TESTMETER1 ONE',
    meterType: 'PREPAID',
    bouquetName: null,
    token: '****5319',
    units: '73.5 kWh',
    receiptReference: 'SIM-RCPT-1',
  },
};
const tvBill: PortalVendListItem = {
  ...makeVend({ id: 'vnd_b2', code: 'VND-BILL00000002', reference: 'PTL-bill-2', phone: '1212121212' }),
  network: 'DSTV',
  type: 'TV',
  bill: {
    biller: 'DSTV',
    billerName: 'DStv',
    customerNumber: '1212121212',
    customerName: 'TEST DSTV ONE',
    meterType: null,
    bouquetName: 'DStv Yanga',
    token: null,
    units: null,
    receiptReference: null,
  },
};
const airtimeRow: PortalVendListItem = { ...airtime, bill: null };

describe('bills on the vending history', () => {
  const history = (rows: PortalVendListItem[]) => {
    readOnlyClient();
    vi.stubGlobal(
      'fetch',
      stubFetch([...layout(), { path: '/api/v1/transactions/vending?page=1&limit=40', body: pageOf(rows) }])
        .fn,
    );
    return renderApp('/dashboard/vending-history');
  };

  it('[VENDING] a bill row: its number with the customer and the token masked, its biller, its kind; the headers name both kinds', async () => {
    history([meterBill, tvBill, airtimeRow]);
    const table = await screen.findByRole('table', { name: 'Vending transactions' }, { timeout: 5000 });
    await within(table).findByText('VND-BILL00000001');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toContain('Phone or customer number');
    expect(headers).toContain('Network or biller');
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (i: number) =>
      within(rows[i] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(0).slice(2, 5)).toEqual([
      '1111111111111TESTMETER1 ONEToken ****5319',
      'Ikeja Electric',
      'Electricity',
    ]);
    expect(cells(1).slice(2, 5)).toEqual(['1212121212TEST DSTV ONE', 'DStv', 'TV']);
    expect(cells(2).slice(2, 5)).toEqual(['+234 803 123 4567', 'MTN', 'Airtime']);
  });

  it('[VENDING] a page of bills alone says Customer number and Biller; a page of meters, Meter number', async () => {
    history([meterBill, tvBill]);
    let table = await screen.findByRole('table', { name: 'Vending transactions' }, { timeout: 5000 });
    await within(table).findByText('VND-BILL00000001');
    let headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Customer number', 'Biller']));
    expect(headers).not.toContain('Phone');
    expect(headers).not.toContain('Network');
    cleanup();
    history([meterBill]);
    table = await screen.findByRole('table', { name: 'Vending transactions' }, { timeout: 5000 });
    await within(table).findByText('VND-BILL00000001');
    headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Meter number', 'Biller']));
  });

  it('[VENDING] at 390 px a bill card says Meter number or Smartcard number and Biller, not Phone and Network', async () => {
    screenWidth(390);
    history([meterBill, tvBill, airtimeRow]);
    const cards = await screen.findAllByTestId('table-card', {}, { timeout: 5000 });
    expect(cards).toHaveLength(3);
    const label = (card: HTMLElement, key: string) =>
      card.querySelector(`[data-card-field="${key}"] dt`)?.textContent;
    const value = (card: HTMLElement, key: string) =>
      card.querySelector(`[data-card-field="${key}"] dd`)?.textContent;
    const [meter, tv, phone] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(label(meter, 'phone')).toBe('Meter number');
    expect(value(meter, 'phone')).toBe('1111111111111TESTMETER1 ONEToken ****5319');
    expect(label(tv, 'phone')).toBe('Smartcard number');
    expect(label(phone, 'phone')).toBe('Phone');
    for (const card of [meter, phone])
      await userEvent.click(within(card).getByRole('button', { name: 'More details' }));
    expect(label(meter, 'network')).toBe('Biller');
    expect(value(meter, 'network')).toBe('Ikeja Electric');
    expect(label(phone, 'network')).toBe('Network');
    expect(screen.queryByText(/Phone or customer number/)).not.toBeInTheDocument();
  });
});

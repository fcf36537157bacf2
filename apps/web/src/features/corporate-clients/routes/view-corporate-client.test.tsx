import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  VERIFICATION_STATE_LABELS,
  VERIFICATION_STATES,
  type VerificationState,
  verificationState,
} from '@vendport/shared';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import {
  makeCorporateClient,
  makeUser,
  makeWalletBalance,
  pageOf,
  stubFetch,
} from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const layout = () => [
  { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
  { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
];
const ALL = ['clients.read', 'clients.manage', 'funding.read', 'funding.manage'];
const asAdmin = (permissions: string[] = ALL) =>
  sessionStore.login(makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions }), 'tok', false);

const postpaid = makeCorporateClient({
  name: 'Okafor Telecoms Ltd',
  clientType: 'POSTPAID',
  msisdn: null,
  creditLimitKobo: 1_000_000,
  availableBalance: -250_000,
  totalFunding: 5_000_000,
  verificationStatus: 'VERIFIED',
  verificationRequestedAt: '2025-12-01T08:00:00.000Z',
  wallet: makeWalletBalance({
    clientType: 'POSTPAID',
    balanceKobo: -250_000,
    floorKobo: -1_000_000,
    availableKobo: 750_000,
    creditLimitKobo: 1_000_000,
    usedKobo: 250_000,
  }),
});
const path = `/admin-dashboard/view-corporate-client/${postpaid.id}`;
const detailRoute = (client = postpaid) => ({
  path: `/api/v1/corporate-clients/${client.id}`,
  body: ok(client),
});

afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

describe('view corporate client', () => {
  it('[CLIENTS] shows the corporate fields (DD/MM/YYYY, "—" when empty), overview and wallet', async () => {
    asAdmin();
    vi.stubGlobal('fetch', stubFetch([...layout(), detailRoute()]).fn);
    renderApp(path);
    expect(await screen.findByTestId('client-name')).toHaveTextContent('Okafor Telecoms Ltd');
    const overview = within(screen.getByTestId('client-overview'));
    expect(overview.getByText('₦50,000.00')).toBeInTheDocument();
    expect(overview.getByText('Postpaid')).toBeInTheDocument();
    expect(overview.getByText('-₦2,500.00')).toBeInTheDocument();
    const details = within(screen.getByTestId('client-details'));
    const value = (label: string) => details.getByText(label).nextElementSibling?.textContent;
    expect(value('Phone Number')).toBe('—');
    expect(value('Onboarding Date')).toBe('03/11/2025');
    expect(value('Request Date')).toBe('01/12/2025');
    expect(value('Verification')).toBe('Verified');
    const wallet = within(screen.getByTestId('client-wallet'));
    expect(wallet.getByText('₦10,000.00')).toBeInTheDocument();
    expect(wallet.getByText('₦7,500.00')).toBeInTheDocument();
    for (const name of ['Fund wallet', 'Set credit limit', 'Switch type', 'Deactivate'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('[CLIENTS] shows what reversed card payments left the client owing, and that its vending is suspended', async () => {
    asAdmin();
    const stub = stubFetch([
      ...layout(),
      detailRoute(),
      {
        path: `/api/v1/corporate-clients/${postpaid.id}/card-receivables`,
        body: ok({
          outstandingKobo: 150_000,
          vendingSuspended: true,
          receivables: [
            {
              id: 'r2',
              reference: 'CP-REVERSED0002',
              amountKobo: 150_000,
              recoveredKobo: 0,
              outstandingKobo: 150_000,
              status: 'OUTSTANDING',
              createdAt: '2026-01-07T09:00:00.000Z',
              settledAt: null,
            },
            {
              id: 'r1',
              reference: 'CP-REVERSED0001',
              amountKobo: 80_000,
              recoveredKobo: 80_000,
              outstandingKobo: 0,
              status: 'SETTLED',
              createdAt: '2025-12-20T09:00:00.000Z',
              settledAt: '2025-12-22T09:00:00.000Z',
            },
          ],
        }),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp(path);
    const card = within(await screen.findByTestId('client-card-receivables'));
    expect(screen.getByText('Card reversals owed')).toBeInTheDocument();
    expect(screen.getByText('Vending suspended')).toBeInTheDocument();
    // The outstanding total, and the open row's owed and outstanding amounts.
    expect(card.getByText('Outstanding receivable')).toBeInTheDocument();
    expect(card.getAllByText('₦1,500.00')).toHaveLength(3);
    const open = card.getByText('CP-REVERSED0002').closest('tr')!;
    expect(within(open).getByText('Outstanding')).toBeInTheDocument();
    const settled = card.getByText('CP-REVERSED0001').closest('tr')!;
    expect(within(settled).getByText('Settled 22/12/2025')).toBeInTheDocument();
    expect(within(settled).getAllByText('₦800.00')).toHaveLength(2);
  });

  it('[CLIENTS] without funding.read, or with nothing ever reversed, no card reversal card', async () => {
    asAdmin(['clients.read']);
    const stub = stubFetch([...layout(), detailRoute()]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp(path);
    await screen.findByTestId('client-name');
    expect(stub.calls.some((c) => c.url.includes('card-receivables'))).toBe(false);
    expect(screen.queryByText('Card reversals owed')).not.toBeInTheDocument();
  });

  it('[CLIENTS] hides the actions the admin may not take', async () => {
    asAdmin(['clients.read']);
    vi.stubGlobal('fetch', stubFetch([...layout(), detailRoute()]).fn);
    renderApp(path);
    await screen.findByTestId('client-name');
    for (const name of ['Fund wallet', 'Set credit limit', 'Switch type', 'Deactivate', 'Activate'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('[CLIENTS] a prepaid client has no credit limit to set, even for a funding manager', async () => {
    asAdmin(['clients.read', 'funding.manage']);
    vi.stubGlobal(
      'fetch',
      stubFetch([...layout(), detailRoute(makeCorporateClient({ id: postpaid.id }))]).fn,
    );
    renderApp(path);
    expect(await screen.findByRole('button', { name: 'Fund wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set credit limit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Switch type' })).not.toBeInTheDocument();
  });

  it('[CLIENTS] funding a postpaid client uses fund-postpaid, with a reason, the password and one key per opening', async () => {
    asAdmin();
    const stub = stubFetch([
      ...layout(),
      detailRoute(),
      {
        method: 'POST',
        path: '/api/v1/fund-postpaid',
        body: ok(
          {
            id: 'af_1',
            code: 'AF-1',
            corporateId: postpaid.id,
            kind: 'FUND_POSTPAID',
            amountKobo: 2_000_000,
            amount: '20000.00',
            reason: 'Goodwill',
            balanceKobo: 1_750_000,
            createdAt: '2026-01-05T10:00:00.000Z',
          },
          'The wallet has been funded',
        ),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp(path);
    await userEvent.click(await screen.findByRole('button', { name: 'Fund wallet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fund wallet' });
    const submit = within(dialog).getByRole('button', { name: 'Fund wallet' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Amount/), '20,000');
    await userEvent.type(within(dialog).getByLabelText(/Password/, { selector: 'input' }), 'secret');
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Please enter your reason')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Goodwill');
    await userEvent.click(submit);
    expect(await screen.findByText('The wallet has been funded')).toBeInTheDocument();
    const success = await screen.findByRole('dialog', { name: 'Wallet funded' });
    expect(success).toHaveTextContent(
      '₦20,000.00 has been credited to Okafor Telecoms Ltd. New balance: ₦17,500.00.',
    );
    const body = stub.calls.find((c) => c.method === 'POST')?.body as Record<string, string>;
    expect(body).toMatchObject({
      corporateId: postpaid.id,
      amount: '20000.00',
      reason: 'Goodwill',
      password: 'secret',
    });
    expect(body.reference).toMatch(/^web-[0-9a-f]{32}$/);
    // The client is asked again.
    await waitFor(() =>
      expect(
        stub.calls.filter((c) => c.url === `/api/v1/corporate-clients/${postpaid.id}`).length,
      ).toBeGreaterThan(1),
    );
  });

  it('[CLIENTS] a refused action shows each error as a toast and keeps the modal open', async () => {
    asAdmin();
    vi.stubGlobal(
      'fetch',
      stubFetch([
        ...layout(),
        detailRoute(),
        {
          method: 'PUT',
          path: '/api/v1/set-limit',
          status: 400,
          body: {
            success: false,
            message: 'The client has used ₦2,500.00 of credit; the limit cannot be set below that',
            errors: ['The client has used ₦2,500.00 of credit; the limit cannot be set below that'],
            code: 'BAD_REQUEST',
          },
        },
      ]).fn,
    );
    renderApp(path);
    await userEvent.click(await screen.findByRole('button', { name: 'Set credit limit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set credit limit' });
    const limit = within(dialog).getByLabelText(/Credit limit/);
    expect(limit).toHaveValue('10000.00');
    await userEvent.clear(limit);
    await userEvent.type(limit, '1000');
    await userEvent.type(within(dialog).getByLabelText(/Password/, { selector: 'input' }), 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set limit' }));
    expect(
      await screen.findByText('The client has used ₦2,500.00 of credit; the limit cannot be set below that'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Set credit limit' })).toBeInTheDocument();
  });

  it('[CLIENTS] deactivating sends the status with the password and confirms', async () => {
    asAdmin();
    const stub = stubFetch([
      ...layout(),
      detailRoute(),
      {
        method: 'PUT',
        path: '/api/v1/corporate-clients/status',
        body: ok({ ...postpaid, status: 'INACTIVE' }, 'Client deactivated'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp(path);
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate client' });
    await userEvent.type(within(dialog).getByLabelText(/Password/, { selector: 'input' }), 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByRole('dialog', { name: 'Client deactivated' })).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      corporateId: postpaid.id,
      status: 'INACTIVE',
      password: 'secret',
    });
  });

  it('[CLIENTS] an unknown client says so', async () => {
    asAdmin();
    vi.stubGlobal('fetch', stubFetch(layout()).fn);
    renderApp(path);
    expect(await screen.findByText('This client does not exist.')).toBeInTheDocument();
  });
});

describe('clients list', () => {
  it('[CLIENTS] every verification state reads in the admin’s list as on the client’s own screen (issue 53 point 8)', async () => {
    // One client per state of the one state machine (shared's VERIFICATION_STATES), made from the
    // stored status and request date as the API sends them.
    const stored: Record<
      VerificationState,
      { verificationStatus: 'PENDING' | 'VERIFIED' | 'DECLINED'; verificationRequestedAt: string | null }
    > = {
      NOT_SUBMITTED: { verificationStatus: 'PENDING', verificationRequestedAt: null },
      PENDING_REVIEW: { verificationStatus: 'PENDING', verificationRequestedAt: '2025-12-01T08:00:00.000Z' },
      VERIFIED: { verificationStatus: 'VERIFIED', verificationRequestedAt: '2025-12-01T08:00:00.000Z' },
      DECLINED: { verificationStatus: 'DECLINED', verificationRequestedAt: '2025-12-01T08:00:00.000Z' },
    };
    const clients = VERIFICATION_STATES.map((state, i) =>
      makeCorporateClient({
        ...postpaid,
        id: `corp_state_${i}`,
        name: `State ${state} Ltd`,
        ...stored[state],
      }),
    );
    asAdmin(['clients.read']);
    vi.stubGlobal(
      'fetch',
      stubFetch([...layout(), { path: /^\/api\/v1\/corporate-clients\?/, body: pageOf(clients) }]).fn,
    );
    renderApp('/admin-dashboard/accounts');
    const table = await screen.findByRole('table', { name: 'Corporate clients' });
    for (const state of VERIFICATION_STATES) {
      const row = (await within(table).findByText(`State ${state} Ltd`)).closest('tr') as HTMLElement;
      const { verificationStatus, verificationRequestedAt } = stored[state];
      // The client's own screens read verificationState(...) through the same labels.
      expect(verificationState(verificationStatus, verificationRequestedAt)).toBe(state);
      expect(within(row).getByText(VERIFICATION_STATE_LABELS[state])).toBeInTheDocument();
    }
    expect(within(table).queryByText('Pending')).toBeNull();
  });

  it('[CLIENTS] lists clients with their figures; filters live in the URL; a row opens the client', async () => {
    asAdmin(['clients.read']);
    const stub = stubFetch([
      ...layout(),
      { path: /^\/api\/v1\/corporate-clients\?/, body: pageOf([postpaid]) },
      detailRoute(),
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const { router } = renderApp('/admin-dashboard/accounts');
    expect(await screen.findByRole('heading', { name: 'Clients', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Corporate clients' });
    const row = (await within(table).findByText('Okafor Telecoms Ltd')).closest('tr') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      'Okafor Telecoms Ltdops@acme.ng—',
      'Postpaid',
      '₦50,000.00',
      '-₦2,500.00',
      'Verified',
      'Active',
      '03/11/2025',
    ]);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Inactive');
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('INACTIVE');
    await waitFor(() =>
      expect(stub.calls.at(-1)?.url).toBe('/api/v1/corporate-clients?page=1&limit=40&status=INACTIVE'),
    );
    await userEvent.click(within(row).getByText('Postpaid'));
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });

  it('[CLIENTS] the sidebar shows Clients only with clients.read', async () => {
    asAdmin(['funding.read']);
    vi.stubGlobal('fetch', stubFetch(layout()).fn);
    renderApp('/admin-dashboard');
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).queryByRole('link', { name: 'Clients' })).not.toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Funding History' })).toBeInTheDocument();
  });

  it('[CLIENTS] lifecycle: allow test mode and reset the owner password, each with the password', async () => {
    asAdmin([...ALL, 'verification.read']);
    const stub = stubFetch([
      ...layout(),
      detailRoute(),
      {
        method: 'PUT',
        path: '/api/v1/test-mode',
        body: ok({ ...postpaid, testModeAllowed: true }, 'Test mode allowed for the client'),
      },
      {
        method: 'PUT',
        path: '/api/v1/reset-password',
        body: ok({ email: 'owner@okafor.ng' }, 'Password reset.'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp(path);
    expect(await screen.findByRole('link', { name: 'Open Business Account' })).toHaveAttribute(
      'href',
      `/admin-dashboard/accounts/${postpaid.id}`,
    );
    const details = within(screen.getByTestId('client-details'));
    expect(details.getByText('Test mode').nextElementSibling).toHaveTextContent('Not allowed');
    expect(details.getByText('Documents').nextElementSibling).toHaveTextContent('0');
    await userEvent.click(screen.getByRole('button', { name: 'Allow test mode' }));
    let dialog = await screen.findByRole('dialog', { name: 'Allow test mode' });
    expect(within(dialog).getByRole('button', { name: 'Allow test mode' })).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Password/, { selector: 'input' }), 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Allow test mode' }));
    await screen.findByRole('dialog', { name: 'Test mode allowed' });
    expect(stub.calls.find((c) => c.url.endsWith('/test-mode'))?.body).toEqual({
      corporateId: postpaid.id,
      allowed: true,
      password: 'secret',
    });
    await userEvent.click(screen.getByRole('button', { name: /close|ok|done/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    dialog = await screen.findByRole('dialog', { name: 'Reset password' });
    await userEvent.type(within(dialog).getByLabelText(/Password/, { selector: 'input' }), 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('dialog', { name: 'Password reset' })).toHaveTextContent(
      'A temporary password has been emailed to owner@okafor.ng.',
    );
  });
});

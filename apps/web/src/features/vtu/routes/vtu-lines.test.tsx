import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeVtuLine } from '../../../../test/catalogue-factories';
import { makeUser, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const layout = () => [
  { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
  { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
];
const MANAGE = ['vtu.read', 'vtu.manage', 'clients.read'];
const asAdmin = (permissions: string[] = MANAGE) =>
  sessionStore.login(makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions }), 'tok', false);

const first = makeVtuLine();
const second = makeVtuLine({
  id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b61',
  code: 'VTU-AB12CD',
  name: 'Airtel dealer line',
  network: 'AIRTEL',
  msisdn: '+2348021234567',
  corporateId: '5b0c6f5e-3c1a-4d6e-9a52-1f2e3d4c5b6a',
  corporateName: 'Acme Telecoms Ltd',
  publicApi: false,
  floatKobo: 0,
});

/** A fetch whose vtu/refresh answer waits until released, so the row's pending state can be seen. */
function withHeldRefresh(routes: Parameters<typeof stubFetch>[0]) {
  const stub = stubFetch(routes);
  let release: () => void = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString();
    if (url.endsWith('/api/v1/vtu/refresh')) await held;
    return stub.fn(input, init);
  };
  return { fn, calls: stub.calls, release: () => release() };
}

afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

describe('VTU lines screen', () => {
  it('[VTU] lists lines with network, number, float, provider balance, assignment, API vends and status', async () => {
    asAdmin();
    vi.stubGlobal(
      'fetch',
      stubFetch([...layout(), { path: '/api/v1/vtu/list', body: ok([first, second]) }]).fn,
    );
    renderApp('/admin-dashboard/vtu');
    const table = await screen.findByRole('table', { name: 'VTU lines' }, { timeout: 5000 });
    const row = (await within(table).findByText('Airtel dealer line')).closest('tr')!;
    expect(row).toHaveTextContent('Airtel');
    expect(row).toHaveTextContent('+2348021234567');
    expect(row).toHaveTextContent('₦0.00');
    expect(row).toHaveTextContent('Not checked yet');
    expect(within(row).getByRole('link', { name: 'Acme Telecoms Ltd' })).toBeInTheDocument();
    expect(row).toHaveTextContent('Not served');
    expect(within(table).getByText('MTN dealer line 1').closest('tr')).toHaveTextContent('Shared pool');
    expect(within(screen.getByTestId('vtu-overview')).getByText('₦250,000.00')).toBeInTheDocument();
  });

  it('[VTU] Refresh posts {vtuLine}, spins on that row only, then shows the provider balance', async () => {
    asAdmin();
    const refreshed = {
      ...first,
      providerBalanceKobo: 24_000_000,
      balanceCheckedAt: '2026-01-05T14:07:00.000Z',
    };
    let done = false;
    // The server's list after the refresh holds the reported balance.
    const list = {
      success: true,
      message: 'ok',
      get data() {
        return done ? [refreshed, second] : [first, second];
      },
    };
    const stub = withHeldRefresh([
      ...layout(),
      { path: '/api/v1/vtu/list', body: list },
      { method: 'POST', path: '/api/v1/vtu/refresh', body: ok(refreshed, 'VTU line balance refreshed') },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/vtu');
    const button = await screen.findByRole('button', { name: 'Refresh balance of MTN dealer line 1' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();
    expect(within(button).getByRole('status')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh balance of Airtel dealer line' })).not.toHaveAttribute(
      'aria-busy',
    );

    done = true;
    stub.release();
    expect(await screen.findByText('VTU line balance refreshed')).toBeInTheDocument();
    const posts = stub.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.url).toBe('/api/v1/vtu/refresh');
    expect(posts[0]!.body).toEqual({ vtuLine: first.id });
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    const row = screen.getByText('MTN dealer line 1').closest('tr')!;
    expect(row).toHaveTextContent('₦240,000.00');
    expect(row).toHaveTextContent(/Jan 5, \d{1,2}:07 PM/);
    expect(row).toHaveTextContent('-₦10,000.00 against the books');
  });

  it('[VTU] a failed refresh shows the error as a toast', async () => {
    asAdmin();
    vi.stubGlobal(
      'fetch',
      stubFetch([
        ...layout(),
        { path: '/api/v1/vtu/list', body: ok([first]) },
        {
          method: 'POST',
          path: '/api/v1/vtu/refresh',
          status: 400,
          body: {
            success: false,
            message: 'The provider did not report the balance: timeout',
            errors: [],
            code: 'BAD_REQUEST',
          },
        },
      ]).fn,
    );
    renderApp('/admin-dashboard/vtu');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Refresh balance of MTN dealer line 1' }),
    );
    expect(await screen.findByText('The provider did not report the balance: timeout')).toBeInTheDocument();
  });

  it('[VTU] funding a line needs the password: Fund line stays disabled while it is empty', async () => {
    asAdmin();
    const stub = stubFetch([
      ...layout(),
      { path: '/api/v1/vtu/list', body: ok([first]) },
      {
        method: 'POST',
        path: '/api/v1/vtu/fund',
        body: ok({ ...first, floatKobo: 35_000_000 }, '₦100,000.00 float recorded for MTN dealer line 1'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/vtu');
    await userEvent.click(await screen.findByRole('button', { name: 'Fund MTN dealer line 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fund VTU line' });
    const submit = within(dialog).getByRole('button', { name: 'Fund line' });
    await userEvent.type(within(dialog).getByLabelText(/Amount/), '100,000');
    await userEvent.type(within(dialog).getByLabelText(/Payment reference/), 'DLR-0042');
    expect(submit).toBeDisabled();
    const password = within(dialog).getByLabelText(/Password/, { selector: 'input' });
    await userEvent.type(password, 'secret');
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    expect(await screen.findByText('₦100,000.00 float recorded for MTN dealer line 1')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'POST')!.body).toEqual({
      vtuLine: first.id,
      amount: '100000.00',
      reference: 'DLR-0042',
      password: 'secret',
    });
    const success = await screen.findByTestId('success-modal');
    expect(success).toHaveTextContent('Float recorded');
    expect(success).toHaveTextContent('₦350,000.00');
  });

  it('[VTU] API vends and status are switched after a confirmation', async () => {
    asAdmin();
    const stub = stubFetch([
      ...layout(),
      { path: '/api/v1/vtu/list', body: ok([second]) },
      {
        method: 'POST',
        path: '/api/v1/vtu/public-api',
        body: ok({ ...second, publicApi: true }, 'The line now serves API vends'),
      },
      {
        method: 'POST',
        path: '/api/v1/vtu/status',
        body: ok({ ...second, status: 'INACTIVE' }, 'VTU line disabled'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/vtu');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Serve API vends through Airtel dealer line' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Serve API vends' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Serve API vends' }));
    expect(await screen.findByText('The line now serves API vends')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate Airtel dealer line' }));
    dialog = await screen.findByRole('dialog', { name: 'Deactivate VTU line' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('VTU line disabled')).toBeInTheDocument();
    const posts = stub.calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body]);
    expect(posts).toEqual([
      ['/api/v1/vtu/public-api', { vtuLine: second.id, enabled: true }],
      ['/api/v1/vtu/status', { vtuLine: second.id, status: 'INACTIVE' }],
    ]);
  });

  it('[VTU] readers see the lines without the actions', async () => {
    asAdmin(['vtu.read']);
    vi.stubGlobal('fetch', stubFetch([...layout(), { path: '/api/v1/vtu/list', body: ok([first]) }]).fn);
    renderApp('/admin-dashboard/vtu');
    await screen.findByText('MTN dealer line 1');
    for (const name of [/^Refresh/, /^Fund/, /^Assign/, /^Deactivate/, 'Add line'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeVend, PLANS, SERVICES } from '../../../../test/catalogue-factories';
import { makeUser, makeWalletBalance, pageOf, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });

type Route = Parameters<typeof stubFetch>[0][number];

function routes({
  balanceKobo = 1_250_050,
  upfront = false,
  extra = [] as Route[],
}: {
  balanceKobo?: number;
  upfront?: boolean;
  extra?: Route[];
} = {}): Route[] {
  return [
    ...extra,
    { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
    { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
    { path: '/api/v1/services', body: ok(SERVICES) },
    { path: '/api/v1/data-plans', body: ok(PLANS) },
    {
      path: '/api/v1/get-wallet-balance',
      body: ok(makeWalletBalance({ balanceKobo, availableKobo: balanceKobo })),
    },
    { path: /^\/api\/v1\/commissions\?/, body: ok({ upfrontCommission: upfront }) },
    { path: /^\/api\/v1\/transactions\/vending\?/, body: pageOf([]) },
  ];
}

const PERMISSIONS = ['vend', 'transactions.read', 'wallet.read', 'wallet.fund', 'commission.read'];

beforeEach(() => {
  sessionStore.login(makeUser({ permissions: PERMISSIONS }), 'tok', false);
});
afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

async function openForm() {
  renderApp('/dashboard/vending-history');
  // The first render loads the route module: give it time.
  const form = await screen.findByRole('form', { name: 'Buy airtime or data' }, { timeout: 5000 });
  return within(form);
}

describe('buy airtime and data', () => {
  it('[VEND] the network follows the number’s prefix until the user picks one', async () => {
    vi.stubGlobal('fetch', stubFetch(routes()).fn);
    const form = await openForm();
    const phone = form.getByLabelText(/Phone number/);
    const network = form.getByLabelText(/Network/) as HTMLSelectElement;
    expect(screen.getByTestId('phone-prefix')).toHaveTextContent('+234');

    await userEvent.type(phone, '0805 123 4567');
    expect(network).toHaveValue('GLO');
    expect(screen.getByTestId('network-help')).toHaveTextContent('Suggested from the number’s prefix');
    await userEvent.clear(phone);
    await userEvent.type(phone, '8031234567');
    expect(network).toHaveValue('MTN');
    // A number without a known prefix leaves the choice to the user.
    await userEvent.clear(phone);
    await userEvent.type(phone, '8000000001');
    expect(network).toHaveValue('');

    // Ported number: the user's choice sticks while the number changes.
    await userEvent.selectOptions(network, 'AIRTEL');
    await userEvent.clear(phone);
    await userEvent.type(phone, '08031234567');
    expect(network).toHaveValue('AIRTEL');
    expect(screen.getByTestId('network-help')).toHaveTextContent(
      'The prefix suggests MTN; you chose Airtel.',
    );
    // Networks the account does not have say so.
    expect(
      within(network).getByRole('option', { name: '9mobile (not on your account)' }),
    ).toBeInTheDocument();
  });

  it('[VEND] shows the validation messages of the shared schema and of the account', async () => {
    const stub = stubFetch(routes());
    vi.stubGlobal('fetch', stub.fn);
    const form = await openForm();
    await userEvent.click(form.getByRole('button', { name: 'Continue' }));
    expect(await form.findByText('Phone number is required')).toBeInTheDocument();
    expect(form.getByText('Amount is required for airtime')).toBeInTheDocument();

    const phone = form.getByLabelText(/Phone number/);
    await userEvent.type(phone, '12345');
    await userEvent.type(form.getByLabelText(/Amount/), '12.345');
    await userEvent.click(form.getByRole('button', { name: 'Continue' }));
    expect(await form.findByText('Enter a valid Nigerian phone number')).toBeInTheDocument();
    expect(form.getByText('Amount must be a naira amount with at most two decimals')).toBeInTheDocument();

    // A number whose network cannot be told.
    await userEvent.clear(phone);
    await userEvent.type(phone, '08000000001');
    await userEvent.clear(form.getByLabelText(/Amount/));
    await userEvent.type(form.getByLabelText(/Amount/), '500');
    await userEvent.click(form.getByRole('button', { name: 'Continue' }));
    expect(
      await form.findByText('Choose the network: it cannot be told from this number'),
    ).toBeInTheDocument();

    // A network not on the account, then an amount outside the service's bounds.
    await userEvent.selectOptions(form.getByLabelText(/Network/), '9MOBILE');
    await userEvent.click(form.getByRole('button', { name: 'Continue' }));
    expect(await form.findByText('9MOBILE airtime is not available on your account')).toBeInTheDocument();
    await userEvent.selectOptions(form.getByLabelText(/Network/), 'MTN');
    await userEvent.clear(form.getByLabelText(/Amount/));
    await userEvent.type(form.getByLabelText(/Amount/), '10');
    await userEvent.click(form.getByRole('button', { name: 'Continue' }));
    expect(
      await form.findByText('Amount must be between ₦50.00 and ₦50,000.00 for MTN airtime'),
    ).toBeInTheDocument();

    // Data needs a plan.
    await userEvent.click(form.getByLabelText('Data'));
    await userEvent.click(form.getByRole('button', { name: 'Continue' }));
    expect(await form.findByText('Choose a data plan')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('[VEND] the hint and the refusal quote the same bounds: the service’s and the platform’s (issue 36 point 17)', async () => {
    const stub = stubFetch(
      routes({
        extra: [
          {
            path: '/api/v1/platform',
            body: ok({
              platformName: 'VendPort',
              supportEmail: '',
              supportPhone: '',
              maintenanceBanner: '',
              maxVendAmountKobo: 2_000_000,
            }),
          },
        ],
      }),
    );
    vi.stubGlobal('fetch', stub.fn);
    const form = await openForm();
    await userEvent.type(form.getByLabelText(/Phone number/), '08031234567');
    // The service allows ₦50–₦50,000; the platform's largest single vend is ₦20,000.
    expect(await form.findByText('Between ₦50.00 and ₦20,000.00')).toBeInTheDocument();
    const amount = form.getByLabelText(/Amount/);
    // Every refusal in the hint's words, whatever was typed (issue 53 point 5).
    for (const typed of ['0', '-5', '5,000,000', '20,000.01', '1.234', '99999999999999', 'abc']) {
      await userEvent.clear(amount);
      await userEvent.type(amount, typed);
      await userEvent.click(form.getByRole('button', { name: 'Continue' }));
      expect(
        await form.findByText('Amount must be between ₦50.00 and ₦20,000.00 for MTN airtime'),
      ).toBeInTheDocument();
    }
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('[VEND] the confirmation shows what will be debited; confirming vends, shows the result and refreshes the balance', async () => {
    const stub = stubFetch(
      routes({
        extra: [
          {
            method: 'POST',
            path: '/api/v1/vend',
            body: ok(makeVend({ id: 'vnd_new', code: 'VND-NEW000000001' }), 'Vend successful'),
          },
        ],
      }),
    );
    vi.stubGlobal('fetch', stub.fn);
    const form = await openForm();
    expect(await screen.findByTestId('vend-available')).toHaveTextContent('₦12,500.50');
    await userEvent.type(form.getByLabelText(/Phone number/), '08031234567');
    await userEvent.type(form.getByLabelText(/Amount/), '500');
    await userEvent.click(form.getByRole('button', { name: 'Continue' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    const confirm = within(dialog).getByTestId('vend-confirm');
    expect(confirm).toHaveTextContent('+234 803 123 4567');
    expect(confirm).toHaveTextContent('MTN');
    expect(confirm).toHaveTextContent('Amount₦500.00');
    expect(confirm).toHaveTextContent('Commission (3.00%)₦15.00');
    expect(confirm).toHaveTextContent('Wallet debit₦500.00');
    expect(confirm).toHaveTextContent('₦15.00 commission accrues to your commission balance');
    expect(confirm).toHaveTextContent('Available to spend: ₦12,500.50');
    const balanceCalls = () => stub.calls.filter((c) => c.url === '/api/v1/get-wallet-balance').length;
    const before = balanceCalls();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Buy airtime' }));
    const result = await screen.findByRole('dialog', { name: 'Purchase successful' });
    expect(within(result).getByText('VND-NEW000000001')).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'View details' })).toHaveAttribute(
      'href',
      '/dashboard/vending-history/vnd_new',
    );
    // The server's message, in the result and as a toast.
    expect(within(result).getByText('Vend successful')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Vend successful')).toHaveLength(2));
    const post = stub.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      reference: expect.stringMatching(/^PTL-[0-9A-Z]{14}$/),
      phone: '+2348031234567',
      network: 'MTN',
      type: 'AIRTIME',
      amount: '500.00',
    });
    await waitFor(() => expect(balanceCalls()).toBeGreaterThan(before));
    // The form is ready for the next purchase.
    await userEvent.click(within(result).getByRole('button', { name: 'Done' }));
    expect(form.getByLabelText(/Phone number/)).toHaveValue('');
  });

  it('[VEND] upfront commission lowers the debit; data is priced by its plan', async () => {
    vi.stubGlobal('fetch', stubFetch(routes({ upfront: true })).fn);
    const form = await openForm();
    await userEvent.click(form.getByLabelText('Data'));
    await userEvent.type(form.getByLabelText(/Phone number/), '08031234567');
    const plan = form.getByLabelText(/Data plan/);
    // Only the chosen network's plans.
    expect(within(plan).queryByRole('option', { name: /Glo/ })).not.toBeInTheDocument();
    await userEvent.selectOptions(plan, 'MTN-1.5GB-30D');
    await userEvent.click(form.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    const confirm = within(dialog).getByTestId('vend-confirm');
    expect(confirm).toHaveTextContent('MTN 1.5GB monthly (1.5GB, 30 days)');
    expect(confirm).toHaveTextContent('Amount₦1,500.00');
    expect(confirm).toHaveTextContent('Commission (2.00%)₦30.00');
    expect(confirm).toHaveTextContent('Wallet debit₦1,470.00');
    expect(within(dialog).getByRole('button', { name: 'Buy data' })).toBeEnabled();
  });

  it('[VEND] a purchase larger than the wallet cannot be confirmed', async () => {
    vi.stubGlobal('fetch', stubFetch(routes({ balanceKobo: 20_000 })).fn);
    const form = await openForm();
    await screen.findByText('₦200.00');
    await userEvent.type(form.getByLabelText(/Phone number/), '08031234567');
    await userEvent.type(form.getByLabelText(/Amount/), '500');
    await userEvent.click(form.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    expect(within(dialog).getByText('Not enough in your wallet')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Buy airtime' })).toBeDisabled();
  });

  it('[VEND] a failed vend shows its reason; a refusal shows the server’s message and stays on the page', async () => {
    let answer: 'failed' | 'refused' = 'failed';
    const stub = stubFetch(routes());
    const failed = ok(
      makeVend({ status: 'FAILED', failureReason: 'Invalid subscriber', commissionKobo: 0 }),
      'Vend failed: Invalid subscriber. The debit has been reversed.',
    );
    const refused = {
      success: false,
      message: 'MTN airtime is not available on your account',
      errors: [],
      code: 'SERVICE_UNAVAILABLE',
    };
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (init.method === 'POST')
        return new Response(JSON.stringify(answer === 'failed' ? failed : refused), {
          status: answer === 'failed' ? 200 : 403,
          headers: { 'content-type': 'application/json' },
        });
      return stub.fn(input, init);
    });
    const { router } = renderApp('/dashboard/vending-history');
    const form = within(await screen.findByRole('form', { name: 'Buy airtime or data' }));
    await userEvent.type(form.getByLabelText(/Phone number/), '08031234567');
    await userEvent.type(form.getByLabelText(/Amount/), '500');
    await userEvent.click(form.getByRole('button', { name: 'Continue' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm purchase' })).getByRole('button', {
        name: 'Buy airtime',
      }),
    );
    const result = await screen.findByRole('dialog', { name: 'Purchase failed' });
    expect(within(result).getByText('Invalid subscriber')).toBeInTheDocument();
    expect(within(result).getByText('Debited, then refunded')).toBeInTheDocument();
    await userEvent.click(within(result).getByRole('button', { name: 'Done' }));

    answer = 'refused';
    await userEvent.type(form.getByLabelText(/Phone number/), '08031234567');
    await userEvent.type(form.getByLabelText(/Amount/), '500');
    await userEvent.click(form.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buy airtime' }));
    expect(await screen.findByText('MTN airtime is not available on your account')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/vending-history');
    // Still open, to try again under the same reference.
    expect(screen.getByRole('dialog', { name: 'Confirm purchase' })).toBeInTheDocument();
  });

  it('[VEND] an account without services, or inactive, says so instead of a form', async () => {
    vi.stubGlobal('fetch', stubFetch([{ path: '/api/v1/services', body: ok([]) }, ...routes()]).fn);
    const first = renderApp('/dashboard/vending-history');
    expect(
      await screen.findByText('No airtime or data services are on your account yet.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Buy airtime or data' })).not.toBeInTheDocument();
    first.unmount();

    sessionStore.login(
      makeUser({
        permissions: PERMISSIONS,
        corporate: {
          id: 'corp_1',
          name: 'Acme Telecoms Ltd',
          clientType: 'PREPAID',
          status: 'INACTIVE',
          verificationStatus: 'VERIFIED',
          verificationRequestedAt: '2026-01-05T10:00:00Z',
          testMode: false,
          testModeAllowed: false,
          autoTopUpEnabled: false,
        },
      }),
      'tok',
      false,
    );
    vi.stubGlobal('fetch', stubFetch(routes()).fn);
    renderApp('/dashboard/vending-history');
    expect(await screen.findByText('This account is inactive and cannot vend.')).toBeInTheDocument();
  });
});

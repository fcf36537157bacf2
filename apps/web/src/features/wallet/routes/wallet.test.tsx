import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeFundRequest, makeUser, makeWalletBalance, pageOf, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const feeView = (amountKobo: number, feeKobo: number) => ({
  amountKobo,
  feeKobo,
  totalKobo: amountKobo + feeKobo,
  amount: (amountKobo / 100).toFixed(2),
  fee: (feeKobo / 100).toFixed(2),
  total: ((amountKobo + feeKobo) / 100).toFixed(2),
  capped: feeKobo === 200_000,
  rule: '1.5% of the amount, plus ₦100.00 from ₦2,500.00, capped at ₦2,000.00.',
});
const fee = (amountKobo: number, feeKobo: number) => ok(feeView(amountKobo, feeKobo));

function walletRoutes(balance = makeWalletBalance(), pending = [makeFundRequest()]) {
  return [
    { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
    { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
    { path: '/api/v1/get-wallet-balance', body: ok(balance) },
    {
      path: '/api/v1/get-funding-account',
      body: ok({
        bankName: 'VendPort Demo Bank',
        accountNumber: '0123456789',
        accountName: 'VendPort Collections',
        narration: 'VP-ACME0001',
      }),
    },
    { path: '/api/v1/pending-transaction?page=1&limit=40', body: pageOf(pending) },
    {
      path: '/api/v1/fund/dedicated-account',
      body: ok({ enabled: false, available: false, account: null, reason: 'Not available.' }),
    },
    { path: '/api/v1/fund/card/fee?amount=2500.00', body: fee(250_000, 13_750) },
    { path: '/api/v1/fund/card/fee?amount=200000.00', body: fee(20_000_000, 200_000) },
  ];
}

beforeEach(() => {
  sessionStore.login(makeUser({ permissions: ['wallet.read', 'wallet.fund'] }), 'tok', false);
});
afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

const cardForm = async () => within(await screen.findByRole('form', { name: 'Card funding' }));

describe('wallet', () => {
  it('[WALLET] shows the balance in en-NG naira, the funding account and pending requests', async () => {
    vi.stubGlobal('fetch', stubFetch(walletRoutes()).fn);
    renderApp('/dashboard/wallet');
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₦12,500.50');
    expect(screen.queryByTestId('credit-terms')).not.toBeInTheDocument();
    expect(await screen.findByTestId('funding-account-number')).toHaveTextContent('0123456789');
    expect(screen.getByTestId('funding-narration')).toHaveTextContent('VP-ACME0001');
    expect(screen.getByRole('button', { name: 'Copy account number' })).toBeInTheDocument();
    expect(await screen.findByText('FR-7K3QX9M2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I have paid FR-7K3QX9M2' })).toBeInTheDocument();
    // Prepaid clients have nothing to repay.
    expect(screen.queryByRole('form', { name: 'Repayment' })).not.toBeInTheDocument();
  });

  it('[WALLET] the balance at the end of a chosen day asks get-wallet-balance?date (issue 36 point 7)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T09:00:00Z'));
    const asAt = (date: string, balanceKobo: number) =>
      ok(makeWalletBalance({ asAt: { date, balanceKobo } }));
    const stub = stubFetch([
      ...walletRoutes(),
      { path: '/api/v1/get-wallet-balance?date=2026-03-09', body: asAt('2026-03-09', 734_500) },
      { path: '/api/v1/get-wallet-balance?date=2026-03-01', body: asAt('2026-03-01', 100_000) },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    try {
      renderApp('/dashboard/wallet');
      const card = await screen.findByTestId('end-of-day-balance', {}, { timeout: 5000 });
      // Yesterday (Lagos) by default.
      expect(card).toHaveTextContent('₦7,345.00');
      expect(card).toHaveTextContent('At the end of 09/03/2026');
      const day = screen.getByLabelText('Day');
      await userEvent.clear(day);
      await userEvent.type(day, '01/03/2026');
      await userEvent.tab();
      await waitFor(() => expect(screen.getByTestId('end-of-day-balance')).toHaveTextContent('₦1,000.00'));
      expect(screen.getByTestId('end-of-day-balance')).toHaveTextContent('At the end of 01/03/2026');
    } finally {
      vi.useRealTimers();
    }
  });

  it('[WALLET] in test mode the sandbox wallet shows beside the live balance', async () => {
    const user = makeUser({ permissions: ['wallet.read', 'wallet.fund'] });
    if (user.corporate) Object.assign(user.corporate, { testMode: true, testModeAllowed: true });
    sessionStore.login(user, 'tok', false);
    vi.stubGlobal('fetch', stubFetch(walletRoutes(makeWalletBalance({ sandboxBalanceKobo: 5_000_000 }))).fn);
    renderApp('/dashboard/wallet');
    expect(await screen.findByTestId('sandbox-balance')).toHaveTextContent('₦50,000.00');
    expect(screen.getByTestId('test-mode-banner')).toBeInTheDocument();
  });

  it('[WALLET] the fee preview shows amount, fee (₦137.50) and total for ₦2,500 before paying', async () => {
    const stub = stubFetch(walletRoutes());
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/wallet');
    const form = await cardForm();
    expect(form.getByText('Enter an amount to see the fee before you pay.')).toBeInTheDocument();
    await userEvent.type(form.getByLabelText(/Amount/), '2,500');
    expect(await form.findByTestId('fee-fee')).toHaveTextContent('₦137.50');
    expect(form.getByTestId('fee-amount')).toHaveTextContent('₦2,500.00');
    expect(form.getByTestId('fee-total')).toHaveTextContent('₦2,637.50');
    // The server priced the amount as a naira string.
    expect(stub.calls.some((c) => c.url === '/api/v1/fund/card/fee?amount=2500.00')).toBe(true);
    expect(form.queryByText('The fee is capped at ₦2,000.00.')).not.toBeInTheDocument();
  });

  it('[WALLET] the fee preview shows the ₦2,000 cap for large amounts', async () => {
    vi.stubGlobal('fetch', stubFetch(walletRoutes()).fn);
    renderApp('/dashboard/wallet');
    const form = await cardForm();
    await userEvent.type(form.getByLabelText(/Amount/), '200000');
    expect(await form.findByText('The fee is capped at ₦2,000.00.')).toBeInTheDocument();
    expect(form.getByTestId('fee-fee')).toHaveTextContent('₦2,000.00');
    expect(form.getByTestId('fee-total')).toHaveTextContent('₦202,000.00');
  });

  it('[WALLET] an amount below the minimum is refused with the shared rule and not priced', async () => {
    const stub = stubFetch(walletRoutes());
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/wallet');
    const form = await cardForm();
    await userEvent.type(form.getByLabelText(/Amount/), '50');
    await userEvent.click(form.getByRole('button', { name: 'Continue to payment' }));
    expect(await form.findByText('Amount must be between ₦100.00 and ₦10,000,000.00')).toBeInTheDocument();
    expect(form.getByText('Between ₦100.00 and ₦10,000,000.00')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.url.includes('fund/card/'))).toBe(false);
  });

  it('[WALLET] a postpaid client sees its credit limit, used and available, and can record a repayment', async () => {
    const balance = makeWalletBalance({
      clientType: 'POSTPAID',
      balanceKobo: -300_000,
      floorKobo: -1_000_000,
      availableKobo: 700_000,
      creditLimitKobo: 1_000_000,
      usedKobo: 300_000,
    });
    const stub = stubFetch([
      ...walletRoutes(balance, []),
      {
        method: 'POST',
        path: '/api/v1/postpaid-repayment',
        status: 201,
        body: ok(makeFundRequest({ kind: 'REPAYMENT' }), 'Repayment submitted'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/wallet');
    const terms = within(await screen.findByTestId('credit-terms'));
    expect(terms.getByText('₦10,000.00')).toBeInTheDocument();
    expect(terms.getByText('₦3,000.00')).toBeInTheDocument();
    expect(terms.getByText('₦7,000.00')).toBeInTheDocument();
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('-₦3,000.00');
    expect(await screen.findByText(/No pending requests/)).toBeInTheDocument();

    const repay = within(screen.getByRole('form', { name: 'Repayment' }));
    await userEvent.type(repay.getByLabelText(/Amount/), '3,000');
    await userEvent.type(repay.getByLabelText(/Transfer reference/), 'REPAY-001');
    await userEvent.click(repay.getByRole('button', { name: 'Submit repayment' }));
    expect(await screen.findByText('Repayment submitted')).toBeInTheDocument();
    const sent = stub.calls.find((c) => c.method === 'POST');
    expect(sent?.body).toEqual({ amount: '3000.00', transferReference: 'REPAY-001' });
  });

  it('[WALLET] a fund request with a proof goes as multipart; a wrong file type is refused first', async () => {
    const stub = stubFetch([
      ...walletRoutes(),
      {
        method: 'POST',
        path: '/api/v1/fund-request',
        status: 201,
        body: ok(makeFundRequest(), 'Fund request submitted'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/wallet');
    const form = within(await screen.findByRole('form', { name: 'Fund request' }));
    await userEvent.type(form.getByLabelText(/Amount/), '50000');
    await userEvent.type(form.getByLabelText(/Transfer reference/), 'TRF0042');
    const file = form.getByLabelText(/Proof of payment/);
    await userEvent.upload(file, new File(['hello'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(form.getByText('Attach a PDF, PNG or JPEG file')).toBeInTheDocument();
    await userEvent.upload(file, new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' }));
    expect(form.queryByText('Attach a PDF, PNG or JPEG file')).not.toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Submit fund request' }));
    expect(await screen.findByText('Fund request submitted')).toBeInTheDocument();
    const sent = stub.calls.find((c) => c.method === 'POST');
    expect(sent?.body).toBeInstanceOf(FormData);
    const body = sent?.body as FormData;
    expect(body.get('amount')).toBe('50000.00');
    expect(body.get('transferReference')).toBe('TRF0042');
    expect((body.get('proof') as File).name).toBe('receipt.pdf');
    expect(sent?.headers['Content-Type']).toBeUndefined();
  });

  it('[WALLET] bank transfer reads as two steps: the request, then the confirmation with the account, the narration to quote and what happens next', async () => {
    const created = makeFundRequest({ code: 'FR-NEW00001', id: 'fr_new', amountKobo: 7_500_000 });
    const stub = stubFetch([
      ...walletRoutes(makeWalletBalance(), []),
      {
        method: 'POST',
        path: '/api/v1/fund-request',
        status: 201,
        body: ok(created, 'Fund request submitted'),
      },
      {
        method: 'POST',
        path: '/api/v1/fund-request-confirmation',
        body: ok({ ...created, status: 'PAID' }, 'Payment confirmation received'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/wallet');
    const steps = await screen.findByRole('list', { name: 'Bank transfer steps' });
    expect(within(steps).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByTestId('funding-step')).toHaveTextContent('Step 1 of 2');
    expect(await screen.findByRole('button', { name: 'Copy narration' })).toBeInTheDocument();

    const form = within(screen.getByRole('form', { name: 'Fund request' }));
    await userEvent.type(form.getByLabelText(/Amount/), '75,000');
    await userEvent.type(form.getByLabelText(/Transfer reference/), 'TRF0099');
    await userEvent.click(form.getByRole('button', { name: 'Submit fund request' }));

    // Step 2: the request, the account and the narration to quote (copyable), what happens next.
    await waitFor(() => expect(screen.getByTestId('funding-step')).toHaveTextContent('Step 2 of 2'));
    expect(within(steps).getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'step');
    expect(screen.queryByRole('form', { name: 'Fund request' })).not.toBeInTheDocument();
    expect(screen.getByTestId('funding-request-code')).toHaveTextContent('FR-NEW00001');
    expect(screen.getByText('₦75,000.00')).toBeInTheDocument();
    expect(screen.getByTestId('funding-narration')).toHaveTextContent('VP-ACME0001');
    for (const name of ['Copy account number', 'Copy account name', 'Copy narration'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(next).toHaveTextContent('An admin checks that the transfer has reached our account');
    expect(next).toHaveTextContent('you are notified');

    await userEvent.click(screen.getByRole('button', { name: 'I have paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    expect(dialog).toHaveTextContent('₦75,000.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, I have paid' }));
    expect(await screen.findByText('Request FR-NEW00001 is awaiting approval')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.url === '/api/v1/fund-request-confirmation')?.body).toEqual({
      fundRequestId: 'fr_new',
    });
    expect(screen.queryByTestId('funding-step')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start a new request' }));
    expect(await screen.findByRole('form', { name: 'Fund request' })).toBeInTheDocument();
    expect(screen.getByTestId('funding-step')).toHaveTextContent('Step 1 of 2');
  });

  it('[WALLET] "I have paid" asks for a confirmation, then marks the request paid', async () => {
    const stub = stubFetch([
      ...walletRoutes(),
      {
        method: 'POST',
        path: '/api/v1/fund-request-confirmation',
        body: ok(makeFundRequest({ status: 'PAID' }), 'Payment confirmation received'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/wallet');
    await userEvent.click(await screen.findByRole('button', { name: 'I have paid FR-7K3QX9M2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    expect(dialog).toHaveTextContent('₦50,000.00');
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, I have paid' }));
    expect(await screen.findByText('Payment confirmation received')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'POST')?.body).toEqual({ fundRequestId: 'fr_1' });
  });

  it('[WALLET] back from the card checkout, the payment is verified once, announced, and the URL cleaned', async () => {
    const payment = {
      ...feeView(500_000, 17_500),
      reference: 'CP-ABCDEFGH12',
      status: 'SUCCESSFUL',
      credited: true,
      checkoutUrl: null,
      createdAt: '2026-01-05T10:15:00.000Z',
      paidAt: '2026-01-05T10:16:00.000Z',
    };
    const stub = stubFetch([
      ...walletRoutes(),
      {
        path: '/api/v1/fund/card/verify?reference=CP-ABCDEFGH12',
        body: ok(payment, 'Payment confirmed. Your wallet has been credited.'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const successToast = vi.spyOn(toast, 'success');
    const { router } = renderApp('/dashboard/wallet?reference=CP-ABCDEFGH12');
    expect(await screen.findByText(/₦5,000.00 has been added to your wallet/)).toBeInTheDocument();
    expect(successToast).toHaveBeenCalledWith('Card payment successful');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(stub.calls.filter((c) => c.url.includes('fund/card/verify'))).toHaveLength(1);
    // The balance is asked again after the verify.
    await waitFor(() =>
      expect(stub.calls.filter((c) => c.url === '/api/v1/get-wallet-balance').length).toBeGreaterThan(1),
    );
  });

  it('[WALLET] a cancelled card payment says so as an error', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch([
        ...walletRoutes(),
        {
          path: '/api/v1/fund/card/verify?reference=CP-ABCDEFGH13',
          body: ok(
            {
              ...feeView(500_000, 17_500),
              reference: 'CP-ABCDEFGH13',
              status: 'CANCELLED',
              credited: false,
              checkoutUrl: null,
              createdAt: '2026-01-05T10:15:00.000Z',
              paidAt: null,
            },
            'Payment status: CANCELLED',
          ),
        },
      ]).fn,
    );
    const errorToast = vi.spyOn(toast, 'error');
    renderApp('/dashboard/wallet?reference=CP-ABCDEFGH13&status=cancelled');
    expect(await screen.findByText(/Nothing was charged and your wallet is unchanged/)).toBeInTheDocument();
    expect(errorToast).toHaveBeenCalledWith('Card payment cancelled');
  });

  it('[WALLET] back from Paystack (?trxref=…&reference=…), a payment held for review says so and both parameters leave the URL', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch([
        ...walletRoutes(),
        {
          path: '/api/v1/fund/card/verify?reference=CP-ABCDEFGH14',
          body: ok(
            {
              ...feeView(500_000, 17_500),
              reference: 'CP-ABCDEFGH14',
              status: 'REVIEW',
              credited: false,
              checkoutUrl: null,
              createdAt: '2026-01-05T10:15:00.000Z',
              paidAt: null,
            },
            'Payment status: REVIEW',
          ),
        },
      ]).fn,
    );
    const { router } = renderApp('/dashboard/wallet?trxref=CP-ABCDEFGH14&reference=CP-ABCDEFGH14');
    expect(await screen.findByText(/An admin is checking it; your wallet is unchanged/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('[WALLET] a card payment reversed after it was credited says so, and what it left owing suspends vending', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch([
        ...walletRoutes(makeWalletBalance({ balanceKobo: 0 })),
        {
          path: '/api/v1/fund/card/verify?reference=CP-ABCDEFGH14',
          body: ok(
            {
              ...feeView(500_000, 17_500),
              reference: 'CP-ABCDEFGH14',
              status: 'REVERSED',
              credited: true,
              checkoutUrl: null,
              createdAt: '2026-01-05T10:15:00.000Z',
              paidAt: '2026-01-05T10:16:00.000Z',
            },
            'This payment was reversed by the payment gateway',
          ),
        },
        {
          path: '/api/v1/card-receivables',
          body: ok({
            outstandingKobo: 200_000,
            vendingSuspended: true,
            receivables: [
              {
                id: 'r1',
                reference: 'CP-ABCDEFGH14',
                amountKobo: 300_000,
                recoveredKobo: 100_000,
                outstandingKobo: 200_000,
                status: 'OUTSTANDING',
                createdAt: '2026-01-06T09:00:00.000Z',
                settledAt: null,
              },
            ],
          }),
        },
      ]).fn,
    );
    renderApp('/dashboard/wallet?reference=CP-ABCDEFGH14');
    expect(
      await screen.findByText(/was reversed by the payment gateway \(refund or chargeback\)/),
    ).toBeInTheDocument();
    const alert = await screen.findByTestId('card-receivable-alert');
    expect(screen.getByText('Vending is suspended: ₦2,000.00 is owed')).toBeInTheDocument();
    const row = within(alert).getByText('CP-ABCDEFGH14').closest('tr')!;
    expect(within(row).getByText('₦3,000.00')).toBeInTheDocument();
    expect(within(row).getByText('₦1,000.00')).toBeInTheDocument();
    expect(within(row).getByText('₦2,000.00')).toBeInTheDocument();
    expect(within(row).getByText('Outstanding')).toBeInTheDocument();
    expect(within(row).getByText('06/01/2026')).toBeInTheDocument();
  });

  it('[WALLET] nothing owed: no suspension notice', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch([
        ...walletRoutes(),
        {
          path: '/api/v1/card-receivables',
          body: ok({ outstandingKobo: 0, vendingSuspended: false, receivables: [] }),
        },
      ]).fn,
    );
    renderApp('/dashboard/wallet');
    expect(await screen.findByTestId('wallet-balance')).toBeInTheDocument();
    expect(await screen.findByText('FR-7K3QX9M2')).toBeInTheDocument();
    expect(screen.queryByTestId('card-receivable-alert')).not.toBeInTheDocument();
  });

  it('[WALLET] without wallet.fund the funding forms are hidden', async () => {
    sessionStore.login(makeUser({ permissions: ['wallet.read'] }), 'tok', false);
    vi.stubGlobal('fetch', stubFetch(walletRoutes()).fn);
    renderApp('/dashboard/wallet');
    expect(await screen.findByTestId('wallet-balance')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Card funding' })).not.toBeInTheDocument();
    expect(screen.getByText('Funding is not part of your role.')).toBeInTheDocument();
    expect(await screen.findByText('FR-7K3QX9M2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /I have paid/ })).not.toBeInTheDocument();
  });
});

describe('wallet: own account number (dedicated account)', () => {
  const dva = {
    accountNumber: '9930000737',
    accountName: 'VENDPORT/ACME LTD',
    bankName: 'Wema Bank',
    createdAt: '2026-11-27T08:00:00.000Z',
  };
  const state = (over: Record<string, unknown>) => ({
    path: '/api/v1/fund/dedicated-account',
    body: ok({ enabled: true, available: true, account: null, reason: null, ...over }),
  });

  it('[WALLET] a verified client gets its account number with one click and sees number, name, bank and copy buttons', async () => {
    const stub = stubFetch([
      state({}),
      {
        method: 'POST',
        path: '/api/v1/fund/dedicated-account',
        status: 201,
        body: ok({ enabled: true, available: true, account: dva, reason: null }),
      },
      ...walletRoutes(),
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/wallet');
    await userEvent.click(await screen.findByRole('button', { name: 'Get my account number' }));
    expect(await screen.findByTestId('dedicated-account-number')).toHaveTextContent('9930000737');
    expect(screen.getByTestId('dedicated-account-name')).toHaveTextContent('VENDPORT/ACME LTD');
    expect(screen.getByTestId('dedicated-account-bank')).toHaveTextContent('Wema Bank');
    expect(screen.getByRole('button', { name: 'Copy your account number' })).toBeInTheDocument();
    expect(
      stub.calls.filter((c) => c.method === 'POST' && c.url.endsWith('fund/dedicated-account')),
    ).toHaveLength(1);
  });

  it('[WALLET] an unverified client is told to verify its business; no button', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch([
        state({ available: false, reason: 'Verify your business to get an account number of your own.' }),
        ...walletRoutes(),
      ]).fn,
    );
    renderApp('/dashboard/wallet');
    expect(
      await screen.findByText('Verify your business to get an account number of your own.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get my account number' })).not.toBeInTheDocument();
  });

  it('[WALLET] without dedicated accounts on the platform the card is not shown', async () => {
    vi.stubGlobal('fetch', stubFetch(walletRoutes()).fn);
    renderApp('/dashboard/wallet');
    expect(await screen.findByTestId('funding-account-number')).toBeInTheDocument();
    expect(screen.queryByText('Your own account number')).not.toBeInTheDocument();
  });
});

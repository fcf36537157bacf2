import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { bill, billsPageRoutes, signInBillsClient, verification } from '../../../../test/bill-factories';
import { stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
beforeEach(signInBillsClient);
afterEach(() => {
  toast.remove();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe('bills page', () => {
  it('[BILLS] electricity: a refused number shows the server’s words; a verified meter is paid within the biller’s limits, confirmed with amount, commission and total, and its token copied', async () => {
    // The first verification is refused (the failing route comes first); then it is removed.
    const list = billsPageRoutes([
      {
        method: 'POST',
        path: '/api/v1/bills/verify',
        status: 422,
        body: {
          success: false,
          message: 'We could not verify meter number 1234567890123 with Ikeja Electric: invalid meter number',
          errors: [],
          code: 'VERIFICATION_FAILED',
        },
      },
      { method: 'POST', path: '/api/v1/bills/verify', body: ok(verification({}), 'Meter verified') },
      { method: 'POST', path: '/api/v1/bills/pay', body: ok(bill({}), 'Payment successful') },
    ]);
    const stub = stubFetch(list);
    vi.stubGlobal('fetch', stub.fn);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    renderApp('/dashboard/bills');
    const verify = within(await screen.findByRole('form', { name: 'Verify a meter' }, { timeout: 15_000 }));
    // A biller not on the account says so.
    expect(verify.getByRole('option', { name: 'Eko Electric (not on your account)' })).toBeInTheDocument();
    await userEvent.selectOptions(verify.getByLabelText(/Distribution company/), 'IKEDC');
    await userEvent.type(verify.getByLabelText(/Meter number/), '1234567890123');
    await userEvent.click(verify.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('verify-refusal')).toHaveTextContent(
      'We could not verify meter number 1234567890123 with Ikeja Electric: invalid meter number',
    );
    expect(stub.calls.some((c) => c.url.endsWith('/bills/pay'))).toBe(false);
    list.shift();

    await userEvent.clear(verify.getByLabelText(/Meter number/));
    await userEvent.type(verify.getByLabelText(/Meter number/), '1111111111111');
    await userEvent.click(verify.getByRole('button', { name: 'Verify' }));
    const details = await screen.findByTestId('bill-verified');
    expect(details).toHaveTextContent('TESTMETER1');
    expect(details).toHaveTextContent('ABULE - EGBA BU ABULE');
    const verifyBody = stub.calls.filter((c) => c.url.endsWith('/bills/verify')).at(-1)?.body;
    expect(verifyBody).toEqual({ biller: 'IKEDC', customerNumber: '1111111111111', meterType: 'PREPAID' });

    const pay = within(screen.getByRole('form', { name: 'Buy electricity' }));
    // The hint is the biller's limits; an amount outside them is refused in the same words.
    expect(pay.getByText('Between ₦500.00 and ₦500,000.00')).toBeInTheDocument();
    await userEvent.type(pay.getByLabelText(/Amount/), '100');
    await userEvent.type(pay.getByLabelText(/Customer phone/), '8031234567');
    await userEvent.click(pay.getByRole('button', { name: 'Continue' }));
    expect(await pay.findByText('Amount must be between ₦500.00 and ₦500,000.00')).toBeInTheDocument();
    await userEvent.clear(pay.getByLabelText(/Amount/));
    await userEvent.type(pay.getByLabelText(/Amount/), '5000');
    await userEvent.click(pay.getByRole('button', { name: 'Continue' }));

    const confirm = await screen.findByTestId('bill-confirm');
    expect(confirm).toHaveTextContent('Ikeja Electric (prepaid)');
    expect(confirm).toHaveTextContent('Amount₦5,000.00');
    expect(confirm).toHaveTextContent('Commission (1.00%)₦50.00');
    expect(confirm).toHaveTextContent('Total₦5,000.00');
    await userEvent.click(screen.getByRole('button', { name: 'Buy electricity' }));

    const result = await screen.findByTestId('bill-result');
    expect(within(result).getByTestId('bill-token')).toHaveTextContent('2636-2054-4059-8275-7802');
    expect(result).toHaveTextContent('79.9 kWh');
    const payBody = stub.calls.find((c) => c.url.endsWith('/bills/pay'))?.body as Record<string, unknown>;
    expect(payBody).toMatchObject({
      biller: 'IKEDC',
      customerNumber: '1111111111111',
      verificationId: verification({}).id,
      meterType: 'PREPAID',
      amount: '5000.00',
      phone: '+2348031234567',
    });
    expect(String(payBody.reference)).toMatch(/^PTL-/);

    await userEvent.click(within(result).getByRole('button', { name: 'Copy token' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('26362054405982757802'));
    expect(await screen.findByText('Token copied')).toBeInTheDocument();
    // The receipt: downloaded as a PDF, or sent to the customer (issue 51 points 3 and 5).
    expect(within(result).getByRole('button', { name: 'Download receipt' })).toBeInTheDocument();
    await userEvent.click(within(result).getByRole('button', { name: 'Send to email/phone' }));
    expect(await screen.findByRole('form', { name: 'Send the receipt' })).toBeInTheDocument();
  });

  it('[BILLS] TV: the verified card shows its bouquet and renewal amount; changing bouquet lists prices and pays the chosen one', async () => {
    const stub = stubFetch(
      billsPageRoutes([
        {
          method: 'POST',
          path: '/api/v1/bills/verify',
          body: ok(
            verification({
              biller: 'DSTV',
              kind: 'TV',
              customerNumber: '1212121212',
              meterType: null,
              customerName: 'TEST CUSTOMER',
              address: null,
              currentBouquet: 'DStv Padi',
              currentBouquetCode: 'dstv-padi',
              renewalAmountKobo: 440_000,
              renewalAmount: '4400.00',
              dueDate: '2026-12-12',
            }),
          ),
        },
        {
          method: 'POST',
          path: '/api/v1/bills/pay',
          body: ok(
            bill({
              kind: 'TV',
              biller: 'DSTV',
              billerName: 'DStv',
              customerNumber: '1212121212',
              meterType: null,
              subscriptionType: 'CHANGE',
              bouquetCode: 'dstv-compact',
              bouquetName: 'DStv Compact',
              token: null,
              units: null,
              receiptReference: 'RCPT-77881',
              amountKobo: 1_900_000,
              chargedKobo: 1_900_000,
            }),
            'Payment successful',
          ),
        },
      ]),
    );
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/bills?tab=tv');
    const verify = within(
      await screen.findByRole('form', { name: 'Verify a smartcard' }, { timeout: 15_000 }),
    );
    await userEvent.selectOptions(verify.getByLabelText(/TV service/), 'DSTV');
    await userEvent.type(verify.getByLabelText(/Smartcard number/), '1212121212');
    await userEvent.click(verify.getByRole('button', { name: 'Verify' }));
    const details = await screen.findByTestId('bill-verified');
    expect(details).toHaveTextContent('DStv Padi');
    expect(details).toHaveTextContent('₦4,400.00');

    const pay = within(screen.getByRole('form', { name: 'Pay for TV' }));
    await userEvent.click(pay.getByLabelText(/Change bouquet/));
    const bouquet = await pay.findByLabelText(/Bouquet/);
    expect(within(bouquet).getByRole('option', { name: 'DStv Compact · ₦19,000.00' })).toBeInTheDocument();
    await userEvent.selectOptions(bouquet, 'dstv-compact');
    await userEvent.type(pay.getByLabelText(/Customer phone/), '8031234567');
    await userEvent.click(pay.getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByTestId('bill-confirm');
    expect(confirm).toHaveTextContent('Change to DStv Compact');
    expect(confirm).toHaveTextContent('Commission (0.50%)₦95.00');
    expect(confirm).toHaveTextContent('Total₦19,000.00');
    await userEvent.click(screen.getByRole('button', { name: 'Pay subscription' }));
    expect(await screen.findByTestId('bill-receipt')).toHaveTextContent('RCPT-77881');
    const payBody = stub.calls.find((c) => c.url.endsWith('/bills/pay'))?.body;
    expect(payBody).toMatchObject({
      biller: 'DSTV',
      subscriptionType: 'CHANGE',
      bouquetCode: 'dstv-compact',
    });
    expect(payBody).not.toHaveProperty('amount');
  });
});

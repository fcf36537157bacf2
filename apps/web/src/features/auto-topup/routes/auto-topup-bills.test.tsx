// Bills in auto top-up (issue 51 point 5), on screen: a meter added with Verify showing the
// provider's name and the amount within the biller's limits, a smartcard on a chosen bouquet, a
// refused number in the server's words, and the lists showing the biller, the number, the name and
// the masked token.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AutoTopupRunView } from '@vendport/shared';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import {
  asAutoTopupClient,
  autoTopupLayout,
  autoTopupSettingsOf,
  meterSubscriber,
} from '../../../../test/auto-topup-factories';
import { BOUQUETS, ELECTRICITY, TV, verification } from '../../../../test/bill-factories';
import { pageOf, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const asClient = () => asAutoTopupClient();
const meterSub = meterSubscriber;
const layout = () => [
  ...autoTopupLayout(autoTopupSettingsOf()),
  { path: /^\/api\/v1\/bills\/billers\?kind=ELECTRICITY/, body: ok(ELECTRICITY) },
  { path: /^\/api\/v1\/bills\/billers\?kind=TV/, body: ok(TV) },
  { path: '/api/v1/bills/billers/DSTV/bouquets', body: ok(BOUQUETS) },
];

afterEach(() => {
  toast.remove();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

const openForm = async () => {
  renderApp('/dashboard/auto-top-up-subscribers');
  await userEvent.click(await screen.findByRole('button', { name: 'Add subscriber' }));
  return screen.findByRole('form', { name: 'Subscriber' });
};

describe('auto top-up: bills', () => {
  it('[AUTOTOPUP-BILLS] a meter: biller, meter type, Verify shows the name, the amount within the biller’s limits, then saved', async () => {
    asClient();
    const stub = stubFetch([
      ...layout(),
      { path: /^\/api\/v1\/auto-topup\/subscribers\?/, body: pageOf([]) },
      { method: 'POST', path: '/api/v1/bills/verify', body: ok(verification({})) },
      { method: 'POST', path: '/api/v1/auto-topup/subscribers', body: ok(meterSub, 'Subscriber added') },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const form = await openForm();
    await userEvent.selectOptions(within(form).getByLabelText(/^Type/), 'ELECTRICITY');
    expect(within(form).queryByLabelText(/^Network/)).not.toBeInTheDocument();
    expect(within(form).getByLabelText(/Customer phone \(for the receipt\)/)).toBeInTheDocument();
    // Only the billers on the account are offered.
    const billerSelect = within(form).getByLabelText(/Distribution company/);
    await waitFor(() =>
      expect(within(billerSelect).getByRole('option', { name: 'Ikeja Electric' })).toBeInTheDocument(),
    );
    expect(within(billerSelect).queryByRole('option', { name: 'Eko Electric' })).not.toBeInTheDocument();
    await userEvent.selectOptions(billerSelect, 'IKEDC');
    await userEvent.type(within(form).getByLabelText(/Meter number/), '1111111111111');
    await userEvent.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await within(form).findByTestId('bill-verified')).toHaveTextContent('Verified: TESTMETER1');
    expect(stub.calls.find((c) => c.url.endsWith('/bills/verify'))?.body).toEqual({
      biller: 'IKEDC',
      customerNumber: '1111111111111',
      meterType: 'PREPAID',
    });
    // Another number is not the verified one.
    await userEvent.type(within(form).getByLabelText(/Meter number/), '2');
    expect(within(form).queryByTestId('bill-verified')).not.toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText(/Meter number/), '{Backspace}');
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Shop meter');
    await userEvent.type(within(form).getByLabelText(/Customer phone/), '8031234567');
    // Below the biller's minimum: refused here in the limits' words, nothing sent.
    await userEvent.type(within(form).getByLabelText(/Amount/), '100');
    await userEvent.click(within(form).getByRole('button', { name: 'Add subscriber' }));
    expect(within(form).getByText('Amount must be between ₦500.00 and ₦500,000.00')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'POST' && c.url.endsWith('/auto-topup/subscribers'))).toBe(
      false,
    );
    await userEvent.clear(within(form).getByLabelText(/Amount/));
    await userEvent.type(within(form).getByLabelText(/Amount/), '5000');
    await userEvent.selectOptions(within(form).getByLabelText(/^Schedule/), 'MONTHLY');
    await userEvent.click(within(form).getByRole('button', { name: 'Add subscriber' }));
    await waitFor(() =>
      expect(stub.calls.some((c) => c.method === 'POST' && c.url.endsWith('/auto-topup/subscribers'))).toBe(
        true,
      ),
    );
    const posts = stub.calls.filter((c) => c.method === 'POST' && c.url.endsWith('/auto-topup/subscribers'));
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({
      name: 'Shop meter',
      phone: '8031234567',
      type: 'ELECTRICITY',
      biller: 'IKEDC',
      customerNumber: '1111111111111',
      meterType: 'PREPAID',
      amount: '5000',
      frequency: 'MONTHLY',
      monthDay: 1,
      time: '08:00',
    });
  });

  it('[AUTOTOPUP-BILLS] a smartcard on a chosen bouquet; a number the provider refuses shows its words', async () => {
    asClient();
    const stub = stubFetch([
      ...layout(),
      { path: /^\/api\/v1\/auto-topup\/subscribers\?/, body: pageOf([]) },
      {
        method: 'POST',
        path: '/api/v1/bills/verify',
        status: 422,
        body: {
          success: false,
          code: 'VERIFICATION_FAILED',
          message: 'We could not verify smartcard number 1212121299 with DStv: unknown number.',
        },
      },
      { method: 'POST', path: '/api/v1/auto-topup/subscribers', body: ok(meterSub, 'Subscriber added') },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const form = await openForm();
    // A distribution company chosen first does not carry over to TV.
    await userEvent.selectOptions(within(form).getByLabelText(/^Type/), 'ELECTRICITY');
    const disco = within(form).getByLabelText(/Distribution company/);
    await waitFor(() =>
      expect(within(disco).getByRole('option', { name: 'Ikeja Electric' })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(disco, 'IKEDC');
    await userEvent.selectOptions(within(form).getByLabelText(/^Type/), 'TV');
    const tv = within(form).getByLabelText(/TV service/);
    await userEvent.click(within(form).getByRole('button', { name: 'Add subscriber' }));
    expect(within(form).getByText('Choose a biller')).toBeInTheDocument();
    await waitFor(() => expect(within(tv).getByRole('option', { name: 'DStv' })).toBeInTheDocument());
    await userEvent.selectOptions(tv, 'DSTV');
    await userEvent.type(within(form).getByLabelText(/Smartcard number/), '1212121299');
    await userEvent.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await within(form).findByTestId('bill-refusal')).toHaveTextContent(
      'We could not verify smartcard number 1212121299 with DStv: unknown number. Nothing was debited.',
    );
    await userEvent.selectOptions(within(form).getByLabelText(/^Bouquet$/), 'CHANGE');
    const bouquet = within(form).getByLabelText(/Bouquet to pay/);
    await waitFor(() =>
      expect(within(bouquet).getByRole('option', { name: 'DStv Compact · ₦19,000.00' })).toBeInTheDocument(),
    );
    // CHANGE without a bouquet is refused before sending.
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Office DStv');
    await userEvent.type(within(form).getByLabelText(/Customer phone/), '8031234567');
    await userEvent.click(within(form).getByRole('button', { name: 'Add subscriber' }));
    expect(within(form).getByText('Choose the bouquet to change to')).toBeInTheDocument();
    await userEvent.selectOptions(bouquet, 'dstv-compact');
    await userEvent.click(within(form).getByRole('button', { name: 'Add subscriber' }));
    await waitFor(() =>
      expect(stub.calls.some((c) => c.method === 'POST' && c.url.endsWith('/auto-topup/subscribers'))).toBe(
        true,
      ),
    );
    expect(stub.calls.find((c) => c.url.endsWith('/auto-topup/subscribers'))?.body).toMatchObject({
      type: 'TV',
      biller: 'DSTV',
      customerNumber: '1212121299',
      subscriptionType: 'CHANGE',
      bouquetCode: 'dstv-compact',
    });
  });

  it('[AUTOTOPUP-BILLS] the lists show the biller, the number, the customer’s name and the masked token', async () => {
    asClient();
    const run: AutoTopupRunView = {
      id: 'r1',
      subscriberId: 's-meter',
      subscriberName: 'Shop meter',
      phone: '+2348031234567',
      network: 'IKEDC',
      type: 'ELECTRICITY',
      planCode: null,
      bill: {
        biller: 'IKEDC',
        billerName: 'Ikeja Electric',
        customerNumber: '1111111111111',
        token: '****4321',
        receiptReference: null,
      },
      amountKobo: 500_000,
      amount: '₦5,000.00',
      dueAt: '2026-12-01T07:00:00.000Z',
      trigger: 'SCHEDULE',
      status: 'SUCCESSFUL',
      reason: null,
      vendId: 'v1',
      vendCode: 'VND-ABC123',
      vendStatus: 'SUCCESSFUL',
      updatedAt: '2026-12-01T07:00:05.000Z',
    };
    vi.stubGlobal(
      'fetch',
      stubFetch([
        ...layout(),
        { path: /^\/api\/v1\/auto-topup\/subscribers\?/, body: pageOf([meterSub]) },
        { path: /^\/api\/v1\/auto-topup\/runs\?/, body: pageOf([run]) },
      ]).fn,
    );
    const { unmount } = renderApp('/dashboard/auto-top-up-subscribers');
    const row = (await screen.findByText('Shop meter')).closest('tr')!;
    const what = within(row).getByTestId('subscriber-bill');
    expect(what).toHaveTextContent('Ikeja Electric Electricity');
    expect(what).toHaveTextContent('1111111111111 · TESTMETER1');
    expect(what).toHaveTextContent('₦5,000.00');
    // Edit opens on the bill, its name as last verified.
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Subscriber' });
    expect(within(form).getByLabelText(/Meter number/)).toHaveValue('1111111111111');
    expect(within(form).getByTestId('bill-verified')).toHaveTextContent('Verified: TESTMETER1');
    unmount();
    renderApp('/dashboard/auto-topup-transactions');
    const runRow = (await screen.findByText('Shop meter')).closest('tr')!;
    const bill = within(runRow).getByTestId('run-bill');
    expect(bill).toHaveTextContent('Ikeja Electric Electricity');
    expect(bill).toHaveTextContent('1111111111111');
    expect(bill).toHaveTextContent('Token ****4321');
    expect(within(runRow).getByText('VND-ABC123')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BulkBillCheckRow, BulkBillsCheck, BulkBillsResult } from '@vendport/shared';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { bill, billsPageRoutes, signInBillsClient } from '../../../../test/bill-factories';
import { stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });

const FILE = [
  'biller,customerNumber,meterType,amount,bouquet,phone,reference',
  'IKEDC,1111111111111,PREPAID,5000,,08031234567,',
  'DSTV,1212121212,,,RENEW,08031234567,',
  'EKEDC,1234567890123,PREPAID,3000,,08031234567,',
].join('\r\n');

const row = (over: Partial<BulkBillCheckRow>): BulkBillCheckRow => ({
  row: 1,
  reference: 'BLK-X-1',
  biller: 'IKEDC',
  billerName: 'Ikeja Electric',
  kind: 'ELECTRICITY',
  customerNumber: '1111111111111',
  meterType: 'PREPAID',
  subscriptionType: null,
  bouquetName: null,
  customerName: 'TESTMETER1 ONE',
  address: '1 Sandbox Close, Ikeja',
  verificationId: 'ver-1',
  amountKobo: 500_000,
  amount: '₦5,000.00',
  chargeKobo: 500_000,
  charge: '₦5,000.00',
  paidAs: null,
  error: null,
  ...over,
});

const PREPAID = row({});
const RENEW = row({
  row: 2,
  reference: 'BLK-X-2',
  biller: 'DSTV',
  billerName: 'DStv',
  kind: 'TV',
  customerNumber: '1212121212',
  meterType: null,
  subscriptionType: 'RENEW',
  bouquetName: 'DStv Yanga',
  customerName: 'TEST SMARTCARD',
  address: null,
  amountKobo: 256_500,
  amount: '₦2,565.00',
  chargeKobo: 256_500,
  charge: '₦2,565.00',
});
const FAILED = row({
  row: 3,
  reference: 'BLK-X-3',
  biller: 'EKEDC',
  billerName: 'Eko Electric',
  customerNumber: '1234567890123',
  customerName: null,
  address: null,
  verificationId: null,
  chargeKobo: null,
  charge: null,
  error:
    'We could not verify meter number 1234567890123 with Eko Electric: invalid meter number. Check the number and the meter type; nothing was charged.',
});

const check = (rows: BulkBillCheckRow[], over: Partial<BulkBillsCheck> = {}): BulkBillsCheck => {
  const ready = rows.filter((r) => !r.error);
  const total = ready.reduce((s, r) => s + (r.chargeKobo ?? 0), 0);
  return {
    batchReference: 'BLK-X',
    rows,
    total: rows.length,
    ready: ready.length,
    invalid: rows.length - ready.length,
    totalChargeKobo: total,
    totalCharge: `₦${(total / 100).toLocaleString('en-NG', { minimumFractionDigits: 2 })}`,
    availableKobo: 2_000_000,
    available: '₦20,000.00',
    enough: true,
    ...over,
  };
};

const RESULT: BulkBillsResult = {
  batchReference: 'BLK-X',
  total: 2,
  successful: 2,
  pending: 0,
  failed: 0,
  rows: [
    {
      row: 1,
      reference: 'BLK-X-1',
      biller: 'IKEDC',
      customerNumber: '1111111111111',
      ok: true,
      code: null,
      message: 'Bill paid: the token is ready',
      bill: bill({ id: 'vnd-a', code: 'VND-AAAA00000001', channel: 'BULK', token: '****4321' }),
    },
    {
      row: 2,
      reference: 'BLK-X-2',
      biller: 'DSTV',
      customerNumber: '1212121212',
      ok: true,
      code: null,
      message: 'Bill paid',
      bill: bill({
        id: 'vnd-b',
        code: 'VND-BBBB00000002',
        channel: 'BULK',
        kind: 'TV',
        biller: 'DSTV',
        billerName: 'DStv',
        token: null,
        receiptReference: 'SIM-RCPT-22',
      }),
    },
  ],
};

const csvFile = (text: string) => new File([text], 'bills.csv', { type: 'text/csv' });

async function openBulk() {
  renderApp('/dashboard/bills');
  await userEvent.click(await screen.findByRole('tab', { name: 'Bulk' }, { timeout: 15_000 }));
  return within(await screen.findByTestId('bulk-bills'));
}

beforeEach(signInBillsClient);
afterEach(() => {
  toast.remove();
  sessionStore.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('bills in bulk', () => {
  it('[BILLS-BULK] every row verified by the server: names for the good rows, the failed one with its words; nothing can be paid', async () => {
    const stub = stubFetch(
      billsPageRoutes([
        { method: 'POST', path: '/api/v1/bills/bulk/check', body: ok(check([PREPAID, RENEW, FAILED])) },
      ]),
    );
    vi.stubGlobal('fetch', stub.fn);
    const bulk = await openBulk();
    expect(bulk.getByTestId('csv-file-hint')).toHaveTextContent('No file chosen yet');
    await userEvent.upload(bulk.getByLabelText('CSV file'), csvFile(FILE));

    expect(
      await bulk.findByText('1 of 3 rows cannot be paid. Nothing has been charged.'),
    ).toBeInTheDocument();
    const post = stub.calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/v1/bills/bulk/check');
    expect(post?.body).toEqual({ csv: FILE, batchReference: expect.stringMatching(/^BLK-[0-9A-Z]{12}$/) });
    const rows = within(bulk.getByRole('table', { name: 'Rows to pay' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('TESTMETER1 ONE');
    expect(rows[0]).toHaveTextContent('Prepaid');
    expect(rows[0]).toHaveTextContent('Verified');
    expect(rows[1]).toHaveTextContent('Renew · DStv Yanga');
    expect(rows[1]).toHaveTextContent('₦2,565.00');
    expect(rows[2]).toHaveTextContent('We could not verify meter number 1234567890123 with Eko Electric');
    expect(bulk.getByRole('button', { name: 'Pay bills' })).toBeDisabled();
    expect(stub.calls.some((c) => c.url.endsWith('/bills/bulk/pay'))).toBe(false);
  });

  it('[BILLS-BULK] a verified file is confirmed with its total, paid with the same batch, and every row’s result shown', async () => {
    const stub = stubFetch(
      billsPageRoutes([
        { method: 'POST', path: '/api/v1/bills/bulk/check', body: ok(check([PREPAID, RENEW])) },
        { method: 'POST', path: '/api/v1/bills/bulk/pay', body: ok(RESULT, '2 rows processed: 2 paid') },
      ]),
    );
    // Each POST waits until the test lets it answer, so the progress shows meanwhile.
    const gates: Array<() => void> = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (init.method === 'POST') await new Promise<void>((r) => gates.push(r));
      return stub.fn(input, init);
    });
    const release = async () => {
      await waitFor(() => expect(gates).toHaveLength(1));
      gates.shift()!();
    };
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });

    const bulk = await openBulk();
    await userEvent.click(bulk.getByRole('button', { name: 'Download sample CSV' }));
    expect(saved).toEqual(['vendport-bulk-bills-sample.csv']);

    await userEvent.upload(bulk.getByLabelText('CSV file'), csvFile(FILE));
    expect(await bulk.findByRole('progressbar', { name: 'Bulk bills check' })).toHaveAttribute(
      'aria-valuetext',
      'Verifying every row with its biller…',
    );
    expect(bulk.getByLabelText('CSV file')).toBeDisabled();
    await release();
    expect(await bulk.findByText('All 2 rows are verified.')).toBeInTheDocument();
    expect(bulk.queryByRole('progressbar')).not.toBeInTheDocument();
    await userEvent.click(bulk.getByRole('button', { name: 'Pay 2 bills' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay 2 bills?' });
    expect(dialog).toHaveTextContent('₦7,565.00 will be debited from your wallet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay ₦7,565.00' }));
    expect(
      await bulk.findByText('Paying 2 bills… keep this page open until the results show.'),
    ).toBeInTheDocument();
    await release();

    const results = await bulk.findByRole('table', { name: 'Bulk bill results' });
    const checkCall = stub.calls.find((c) => c.url.endsWith('/bills/bulk/check'));
    const payCall = stub.calls.find((c) => c.url.endsWith('/bills/bulk/pay'));
    expect(payCall?.body).toEqual(checkCall?.body);
    const rows = within(results).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('VND-AAAA00000001');
    expect(rows[0]).toHaveTextContent('****4321');
    expect(rows[0]).toHaveTextContent('Successful');
    expect(rows[1]).toHaveTextContent('SIM-RCPT-22');
    expect(within(results).getByRole('link', { name: 'VND-AAAA00000001' })).toHaveAttribute(
      'href',
      '/dashboard/vending-history/vnd-a',
    );
    await userEvent.click(bulk.getByRole('button', { name: 'Upload another file' }));
    expect(bulk.getByLabelText('CSV file')).toBeInTheDocument();
  });

  it('[BILLS-BULK] a file the server cannot read, a short wallet and a refused payment say so', async () => {
    const list = billsPageRoutes([
      {
        method: 'POST',
        path: '/api/v1/bills/bulk/check',
        status: 400,
        body: {
          success: false,
          message: 'The CSV file needs the columns biller and customerNumber and phone',
          errors: [],
          code: 'VALIDATION_ERROR',
        },
      },
      {
        method: 'POST',
        path: '/api/v1/bills/bulk/check',
        body: ok(check([PREPAID], { enough: false, availableKobo: 10_000, available: '₦100.00' })),
      },
      { method: 'POST', path: '/api/v1/bills/bulk/check', body: ok(check([PREPAID])) },
      {
        method: 'POST',
        path: '/api/v1/bills/bulk/pay',
        status: 402,
        body: {
          success: false,
          message: 'The file needs ₦5,000.00 but ₦100.00 is available; nothing was charged',
          errors: [],
          code: 'INSUFFICIENT_FUNDS',
        },
      },
    ]);
    const stub = stubFetch(list);
    vi.stubGlobal('fetch', stub.fn);
    const bulk = await openBulk();

    await userEvent.upload(bulk.getByLabelText('CSV file'), csvFile('biller,amount\r\nIKEDC,5'));
    expect(
      await bulk.findByText('The CSV file needs the columns biller and customerNumber and phone'),
    ).toBeInTheDocument();
    list.splice(0, 1);

    await userEvent.upload(bulk.getByLabelText('CSV file'), csvFile(FILE));
    expect(await bulk.findByText('Not enough in your wallet')).toBeInTheDocument();
    expect(bulk.getByText(/The file needs ₦5,000.00 but ₦100.00 is available/)).toBeInTheDocument();
    expect(bulk.getByRole('button', { name: 'Pay bills' })).toBeDisabled();
    list.splice(0, 1);

    await userEvent.upload(bulk.getByLabelText('CSV file'), csvFile(FILE));
    await userEvent.click(await bulk.findByRole('button', { name: 'Pay 1 bill' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Pay 1 bill?' })).getByRole('button', {
        name: 'Pay ₦5,000.00',
      }),
    );
    expect(
      await bulk.findByText('The file needs ₦5,000.00 but ₦100.00 is available; nothing was charged'),
    ).toBeInTheDocument();
    expect(bulk.queryByTestId('bulk-bills-result')).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BulkVendResult } from '@vendport/shared';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeVend, PLANS, SERVICES } from '../../../../test/catalogue-factories';
import { makeUser, makeWalletBalance, pageOf, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';
import { checkBulkCsv, parseCsv } from './bulk-csv';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });

const layout = () => [
  { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
  { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
  { path: '/api/v1/services', body: ok(SERVICES) },
  { path: '/api/v1/data-plans', body: ok(PLANS) },
  { path: '/api/v1/get-wallet-balance', body: ok(makeWalletBalance()) },
  { path: /^\/api\/v1\/commissions\?/, body: ok({ upfrontCommission: false }) },
  { path: /^\/api\/v1\/transactions\/vending\?/, body: pageOf([]) },
];

const BAD = [
  'phone,network,type,amount,planCode,reference',
  '08031234567,MTN,AIRTIME,500,,',
  '12345,MTN,AIRTIME,500,,',
  '08091234567,,AIRTIME,500,,',
  '08031234567,MTN,DATA,,GLO-1GB-14D,',
  '08031234567,mtn,airtime,10,,',
  '08031234567,MTN,AIRTIME,500,,dup-1',
  '08051234567,GLO,AIRTIME,600,,dup-1',
].join('\n');

const GOOD = [
  'phone,network,type,amount,planCode,reference',
  '08031234567,,AIRTIME,500,,',
  '"0805 123 4567",GLO,DATA,,GLO-1GB-14D,',
].join('\r\n');

const csvFile = (text: string, name = 'staff.csv') => new File([text], name, { type: 'text/csv' });

beforeEach(() => {
  sessionStore.login(makeUser({ permissions: ['vend', 'transactions.read', 'wallet.read'] }), 'tok', false);
});
afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

async function openBulk() {
  renderApp('/dashboard/vending-history');
  await userEvent.click(await screen.findByRole('tab', { name: 'Bulk upload (CSV)' }, { timeout: 5000 }));
  return within(screen.getByTestId('bulk-vend'));
}

describe('bulk vending from a CSV file', () => {
  it('[BULK] the file is parsed and every row checked as the server does', () => {
    expect(parseCsv('a,b\r\n"x, ""y""",2\n\n')).toEqual([
      ['a', 'b'],
      ['x, "y"', '2'],
    ]);
    const check = checkBulkCsv(BAD, { services: SERVICES, plans: PLANS }, 'BLK-1');
    expect(check.rows.map((r) => r.errors)).toEqual([
      [],
      ['Enter a valid Nigerian phone number'],
      ['9MOBILE airtime is not available on your account'],
      ['The plan GLO-1GB-14D is for GLO, not MTN'],
      ['Amount must be between ₦50.00 and ₦50,000.00 for MTN airtime'],
      [],
      ['The reference dup-1 is also on row 6'],
    ]);
    expect(check.rows[0]?.reference).toBe('BLK-1-1');
    expect(check.invalidRows).toBe(5);
    expect(checkBulkCsv('phone,kind\n0803,x', { services: SERVICES, plans: PLANS }, 'B').fileErrors).toEqual([
      'Unknown column: kind (use phone, network, type, amount, planCode, reference)',
    ]);
  });

  it('[BULK] bad rows are listed with their problems before anything is charged, and nothing can be sent', async () => {
    const stub = stubFetch(layout());
    vi.stubGlobal('fetch', stub.fn);
    const bulk = await openBulk();
    await userEvent.upload(bulk.getByLabelText('CSV file'), csvFile(BAD));

    expect(await bulk.findByText('5 of 7 rows have problems. Nothing has been charged.')).toBeInTheDocument();
    const table = bulk.getByRole('table', { name: 'Rows to vend' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toHaveTextContent('Ready');
    expect(rows[1]).toHaveTextContent('Enter a valid Nigerian phone number');
    expect(rows[2]).toHaveTextContent('9MOBILE airtime is not available on your account');
    expect(rows[3]).toHaveTextContent('The plan GLO-1GB-14D is for GLO, not MTN');
    expect(rows[4]).toHaveTextContent('Amount must be between ₦50.00 and ₦50,000.00 for MTN airtime');
    expect(rows[6]).toHaveTextContent('The reference dup-1 is also on row 6');
    expect(bulk.getByRole('button', { name: 'Vend rows' })).toBeDisabled();

    // A file the server could not read at all.
    await userEvent.upload(bulk.getByLabelText('CSV file'), csvFile('msisdn,amount\n08031234567,500'));
    expect(await bulk.findByText('The CSV file needs the columns phone and type')).toBeInTheDocument();
    expect(bulk.getByRole('button', { name: 'Vend rows' })).toBeDisabled();
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('[BULK] a good file: confirm, progress while it runs, every row’s result, and the results as CSV', async () => {
    const result: BulkVendResult = {
      rows: [
        {
          row: 1,
          reference: 'BLK-x-1',
          phone: '+2348031234567',
          ok: true,
          code: null,
          message: 'SUCCESSFUL',
          vend: makeVend({ id: 'vnd_a', code: 'VND-AAAA00000001' }),
        },
        {
          row: 2,
          reference: 'BLK-x-2',
          phone: '+2348051234567',
          ok: false,
          code: null,
          message: 'Failed: Invalid subscriber',
          vend: makeVend({
            id: 'vnd_b',
            code: 'VND-BBBB00000002',
            status: 'FAILED',
            phone: '+2348051234567',
            network: 'GLO',
            type: 'DATA',
          }),
        },
      ],
      total: 2,
      successful: 1,
      pending: 0,
      failed: 1,
    };
    const stub = stubFetch(layout());
    let release: () => void = () => {};
    const answered = new Promise<void>((r) => {
      release = r;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (init.method === 'POST') {
        stub.calls.push({
          method: 'POST',
          url: String(input),
          body: JSON.parse(String(init.body)),
          headers: {},
        });
        await answered;
        return new Response(
          JSON.stringify(ok(result, '2 rows processed: 1 successful, 0 pending, 1 not vended')),
          {
            headers: { 'content-type': 'application/json' },
          },
        );
      }
      return stub.fn(input, init);
    });
    const saved: { name: string; blob: Blob }[] = [];
    let lastBlob: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      lastBlob = b as Blob;
      return 'blob:x';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (lastBlob) saved.push({ name: this.download, blob: lastBlob });
    });

    const bulk = await openBulk();
    await userEvent.click(bulk.getByRole('button', { name: 'Download template' }));
    expect(saved[0]?.name).toBe('vendport-bulk-template.csv');
    expect(await saved[0]?.blob.text()).toContain('phone,network,type,amount,planCode,reference');

    await userEvent.upload(bulk.getByLabelText('CSV file'), csvFile(GOOD));
    expect(await bulk.findByText('All 2 rows are ready.')).toBeInTheDocument();
    await userEvent.click(bulk.getByRole('button', { name: 'Vend 2 rows' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vend 2 rows?' });
    expect(dialog).toHaveTextContent('₦1,000.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vend 2 rows' }));

    expect(await bulk.findByRole('progressbar', { name: 'Bulk vend progress' })).toBeInTheDocument();
    expect(bulk.getByText('Vending 2 rows… keep this page open until the results show.')).toBeInTheDocument();
    const post = stub.calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/v1/vend/bulk');
    expect(post?.body).toEqual({ csv: GOOD, batchReference: expect.stringMatching(/^BLK-[0-9A-Z]{12}$/) });

    release();
    const results = await bulk.findByRole('table', { name: 'Bulk results' });
    const rows = within(results).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('VND-AAAA00000001');
    expect(rows[0]).toHaveTextContent('Successful');
    expect(rows[1]).toHaveTextContent('Failed: Invalid subscriber');
    expect(within(results).getByRole('link', { name: 'VND-AAAA00000001' })).toHaveAttribute(
      'href',
      '/dashboard/vending-history/vnd_a',
    );
    expect(bulk.queryByRole('progressbar')).not.toBeInTheDocument();

    await userEvent.click(bulk.getByRole('button', { name: 'Download results CSV' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]?.name).toMatch(/^bulk-vend-results-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    const csv = await saved[1]!.blob.text();
    expect(csv.split('\r\n')[0]).toBe(
      'Row,Reference,Vend,Phone,Network,Type,Plan,Amount (NGN),Charged (NGN),Status,Message',
    );
    // A cell starting with + is quoted against spreadsheet formulas, as the server's exports do.
    expect(csv).toContain(
      "1,BLK-x-1,VND-AAAA00000001,'+2348031234567,MTN,AIRTIME,,500.00,500.00,SUCCESSFUL,SUCCESSFUL",
    );
    expect(csv).toContain("2,BLK-x-2,VND-BBBB00000002,'+2348051234567,GLO,DATA");
  });
});

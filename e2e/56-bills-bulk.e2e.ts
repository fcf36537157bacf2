// Journey 56: bills in bulk (issue 51 point 5). A client assigned every biller opens the Bills
// page's Bulk tab, uploads a CSV of the sandbox numbers (BILL_SANDBOX_NUMBERS: 1111111111111 a
// prepaid meter, 1010101010101 a postpaid one, 1212121212 a DStv smartcard; any other number is
// refused at verification) and sees every row verified by the server: the bad row with the
// biller's words and nothing payable; then the good file's verified names, the confirmation with
// the total, and every row's result (the prepaid token's last four digits, the postpaid receipt,
// the TV renewal), the wallet debited by the total the check stated. Each new screen is
// photographed at 1366×800 and 390×844.
import type { BillView, BulkBillsCheck } from '@vendport/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';
import {
  api,
  billClient,
  expectToastTopRight,
  newPage,
  openWithSession,
  SCREENSHOTS,
  shoot,
  VIEWPORTS,
} from './support';

const browser = useBrowser({ screenshots: SCREENSHOTS });

const HEADER = 'biller,customerNumber,meterType,amount,bouquet,phone,reference';
const GOOD_ROWS = [
  'IKEDC,1111111111111,PREPAID,5000,,08031234567,',
  'IKEDC,1010101010101,POSTPAID,2500,,08031234567,',
  'DSTV,1212121212,,,RENEW,08031234567,',
];
const UNKNOWN_ROW = 'EKEDC,1234567890123,PREPAID,3000,,08031234567,';
const csvOf = (rows: string[]) => `${HEADER}\r\n${rows.join('\r\n')}\r\n`;

async function upload(page: Page, name: string, csv: string) {
  await page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

/** Photographed from the top: a full-page shot of a scrolled page repeats its sticky header midway. */
async function shootFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, name);
}

async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const walletOf = async (token: string) =>
  (await api<{ balanceKobo: number }>('GET', 'get-wallet-balance', undefined, token)).json.data.balanceKobo;

describe('bills in bulk journey', () => {
  for (const viewport of VIEWPORTS) {
    it(`[BILLS-BULK] at ${viewport.width}: a file checked row by row (a refused number named, nothing payable), then a verified file confirmed with its total and paid with every row's result`, async () => {
      const { corp } = await billClient(`bills-bulk-${viewport.width}`);
      const { page } = await newPage(browser());
      await page.setViewportSize(viewport);
      await openWithSession(page, corp.token, '/dashboard/bills?tab=bulk');
      await page.getByRole('heading', { name: 'Pay bills in bulk' }).waitFor();
      const bulk = page.getByTestId('bulk-bills');
      await bulk.getByTestId('csv-file-hint').waitFor();
      await shoot(page, `bills-bulk-empty-${viewport.width}`);
      await fitsWidth(page, viewport.width);
      const before = await walletOf(corp.token);

      // ---- a file with a number the biller does not know: every row checked, nothing payable
      await upload(page, 'bills-with-a-bad-row.csv', csvOf([...GOOD_ROWS, UNKNOWN_ROW]));
      await bulk.getByText('1 of 4 rows cannot be paid. Nothing has been charged.').waitFor();
      const bad = bulk.getByTestId('row-error').filter({ visible: true });
      await bad.first().waitFor();
      expect(await bad.first().textContent()).toContain(
        'We could not verify meter number 1234567890123 with Eko Electric',
      );
      expect(await bulk.getByText('TESTMETER1 ONE').filter({ visible: true }).count()).toBeGreaterThan(0);
      expect(await bulk.getByRole('button', { name: 'Pay bills' }).isDisabled()).toBe(true);
      await shootFromTop(page, `bills-bulk-check-refused-${viewport.width}`);
      await fitsWidth(page, viewport.width);

      // ---- the good file: verified, confirmed with its total, paid
      await upload(page, 'bills.csv', csvOf(GOOD_ROWS));
      await bulk.getByText('All 3 rows are verified.').waitFor();
      await shootFromTop(page, `bills-bulk-check-${viewport.width}`);
      await fitsWidth(page, viewport.width);
      const total = ((await bulk.getByTestId('bulk-bills-file').textContent()) ?? '').match(
        /₦[\d,]+\.\d\d/,
      )?.[0];
      expect(total).toBeTruthy();
      await bulk.getByRole('button', { name: 'Pay 3 bills' }).click();
      const dialog = page.getByRole('dialog', { name: 'Pay 3 bills?' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(`${total} will be debited from your wallet`);
      await shootFromTop(page, `bills-bulk-confirm-${viewport.width}`);
      await dialog.getByRole('button', { name: `Pay ${total}` }).click();

      const result = page.getByTestId('bulk-bills-result');
      await result.waitFor({ timeout: 60_000 });
      await expectToastTopRight(page, '3 rows processed: 3 paid, 0 pending, 0 not paid', 'success');
      await shootFromTop(page, `bills-bulk-results-${viewport.width}`);
      await fitsWidth(page, viewport.width);

      // ---- each row's result is the bill the API holds, its token masked on screen
      const bills = await api<{ items: BillView[] }>('GET', 'bills', undefined, corp.token);
      expect(bills.status, bills.json.message).toBe(200);
      const bulkBills = bills.json.data.items.filter((b) => b.channel === 'BULK');
      expect(bulkBills.map((b) => b.status)).toEqual(['SUCCESSFUL', 'SUCCESSFUL', 'SUCCESSFUL']);
      const prepaid = bulkBills.find((b) => b.meterType === 'PREPAID')!;
      const full = (await api<BillView>('GET', `bills/${prepaid.id}`, undefined, corp.token)).json.data
        .token!;
      const text = (await result.textContent()) ?? '';
      expect(text).toContain(`****${full.replace(/\D/g, '').slice(-4)}`);
      expect(text).not.toContain(full);
      expect(text).toContain(bulkBills.find((b) => b.meterType === 'POSTPAID')!.receiptReference!);
      const charged = bulkBills.reduce((s, b) => s + b.chargedKobo, 0);
      expect(before - (await walletOf(corp.token))).toBe(charged);

      // ---- the same file again (its batch reference) is marked paid already by the check
      const again = await api<BulkBillsCheck>(
        'POST',
        'bills/bulk/check',
        { csv: csvOf(GOOD_ROWS), batchReference: bulkBills[0]!.reference.replace(/-\d+$/, '') },
        corp.token,
      );
      expect(again.json.data.totalChargeKobo).toBe(0);
      expect(again.json.data.rows.every((r) => r.paidAs?.startsWith('VND-'))).toBe(true);
    });
  }
});

// Journey 57: a bill's receipt (issue 51 points 3 and 5). A client who paid a prepaid meter opens
// the bill's details, downloads the receipt (a PDF that carries the token) and sends it to the
// customer's email through the form in its modal: the email lands in the outbox with the token.
// Sending to a phone on this server, which has no SMS gateway configured, says so instead of
// pretending. Photographed at 1366×800 and 390×844.
import type { BillView } from '@vendport/shared';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';
import {
  api,
  billClient,
  downloaded,
  expectToastTopRight,
  field,
  newPage,
  openWithSession,
  SCREENSHOTS,
  shoot,
  VIEWPORTS,
} from './support';

const browser = useBrowser({ screenshots: SCREENSHOTS });

describe('bill receipt journey', () => {
  for (const viewport of VIEWPORTS) {
    it(`[RECEIPT] at ${viewport.width}: the receipt downloads as a PDF with the token and is sent to an email; SMS says it is not configured`, async () => {
      const { corp } = await billClient(`receipt-${viewport.width}`);
      const paid = await api<BillView>(
        'POST',
        'bills/pay',
        {
          biller: 'IKEDC',
          customerNumber: '1111111111111',
          meterType: 'PREPAID',
          amount: '5000',
          phone: '08031234567',
        },
        corp.token,
      );
      expect(paid.status, paid.json.message).toBe(200);
      const bill = paid.json.data;
      expect(bill.token).toBeTruthy();

      const { page } = await newPage(browser());
      await page.setViewportSize(viewport);
      await openWithSession(page, corp.token, `/dashboard/vending-history/${bill.id}`);
      await page.getByRole('heading', { name: 'Transaction Details', level: 1 }).waitFor();
      await page.getByTestId('vend-bill-token').getByText(bill.token!).waitFor();
      await shoot(page, `bill-receipt-details-${viewport.width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      // ---- Download receipt: a PDF that carries the token in full
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download receipt' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`receipt-${bill.code}.pdf`);
      const pdf = await downloaded(download, 'latin1');
      expect(pdf.startsWith('%PDF-')).toBe(true);
      expect(pdf).toContain(bill.token!);
      expect(pdf).toContain('Ikeja Electric');
      await expectToastTopRight(page, 'Receipt downloaded', 'success');

      // ---- Send to email/phone: a phone without an SMS gateway is refused in words
      await page.getByRole('button', { name: 'Send to email/phone' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send the receipt' });
      await field(dialog, 'Phone number').fill('8031234567');
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expectToastTopRight(page, /SMS is not configured/, 'error');

      // ---- to an email: it lands in the outbox with the token
      const email = `customer-${viewport.width}-${Date.now()}@example.com`;
      await field(dialog, 'Phone number').fill('');
      await field(dialog, 'Email address').fill(email);
      await shoot(page, `bill-receipt-send-${viewport.width}`);
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expectToastTopRight(page, /^Receipt sent by email to cu\*\*\*@example\.com$/, 'success');
      await dialog.waitFor({ state: 'hidden' });
      const outbox = await api<Array<{ to: string; subject: string; text: string }>>(
        'GET',
        `dev/outbox?to=${encodeURIComponent(email)}`,
      );
      const mail = outbox.json.data.find((m) => m.to === email);
      expect(mail?.subject).toContain(bill.code);
      expect(mail?.text).toContain(`Token: ${bill.token}`);
    });
  }
});

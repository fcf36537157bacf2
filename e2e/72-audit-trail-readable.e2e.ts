// Issue 36, point 22: the audit trail reads in words. Every action has a plain label (the SMTP
// change reads "Changed the SMTP settings", not "Settings smtp update"), a change shows field by
// field as before → after (not raw JSON), and the Changes column is not cut off at 1366 px.
import { afterAll, describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';
import { adminToken, api, newPage, openWithSession, SCREENSHOTS } from './support';

const browser = useBrowser({ screenshots: SCREENSHOTS });
let admin = '';

afterAll(async () => {
  if (admin) await api('POST', 'settings/smtp', { enabled: false, host: '', port: 587, user: '' }, admin);
});

describe('audit trail in words', () => {
  it('[AUDIT] an SMTP change reads as a plain label and a field-by-field diff, whole at 1366 px', async () => {
    admin = await adminToken();
    const saved = await api(
      'POST',
      'settings/smtp',
      { enabled: false, host: 'smtp.example.com', port: 2525, user: 'ops-relay' },
      admin,
    );
    expect(saved.status).toBe(200);

    const { context, page } = await newPage(browser());
    await page.setViewportSize({ width: 1366, height: 800 });
    await openWithSession(page, admin, '/admin-dashboard/audit-trail?action=settings.');
    const row = page.getByRole('row').filter({ hasText: 'Changed the SMTP settings' }).first();
    await row.waitFor();
    expect(await page.getByText('Settings smtp update').count()).toBe(0);
    const changes = row.getByTestId('audit-changes');
    await expect
      .poll(() => changes.locator('li').allTextContents())
      .toEqual(
        expect.arrayContaining(['Host: (empty) → smtp.example.com', 'Port: 587 → 2525', 'Credential: kept']),
      );
    expect(await changes.textContent()).not.toContain('{');
    // Whole on the screen: inside the table's box, no line cut short.
    const fits = await changes.evaluate((ul) => {
      const box = ul.closest('[data-table-scroll]') ?? ul.closest('table')?.parentElement;
      const r = ul.getBoundingClientRect();
      const b = box?.getBoundingClientRect();
      const cut = Array.from(ul.querySelectorAll('li')).some((li) => li.scrollWidth > li.clientWidth + 1);
      return { right: r.right, boxRight: b?.right ?? 0, cut, viewport: window.innerWidth };
    });
    expect(fits.cut).toBe(false);
    expect(fits.right).toBeLessThanOrEqual(Math.min(fits.boxRight, fits.viewport));
    await page.screenshot({ path: `${SCREENSHOTS}/audit-trail-1366.png` });

    // The entry's details: a Field / Before / After table.
    await row.click();
    const diff = page.getByRole('table', { name: 'Changed fields' });
    await diff.waitFor();
    expect(await diff.getByRole('row').filter({ hasText: 'Host' }).allTextContents()).toEqual([
      'Host(empty)smtp.example.com',
    ]);
    await page.screenshot({ path: `${SCREENSHOTS}/audit-entry-1366.png` });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('table-card').first().waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/audit-trail-390.png`, fullPage: true });
    await context.close();
  });
});

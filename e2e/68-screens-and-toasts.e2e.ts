// Journey 68: what gets in a new user's way on a laptop and on a phone. The admin sidebar at
// 1366x800 says that entries lie below the fold, reaches the last one and keeps the current one
// in view; the vending history at 390x844 shows its rows as cards without running off the side,
// and its pager works; toasts sit below the header bar, stack without covering each other or the
// primary action, and an error outlasts the successes and can be dismissed.
import path from 'node:path';
import type { VendView } from '@vendport/shared';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';
import {
  adminToken,
  api,
  eventually,
  expectToastTopRight,
  field,
  newPage,
  openWithSession,
  readyToVend,
  SCREENSHOTS,
  signUpCorporate,
  toastCovers,
  waitForPath,
} from './support';

const SHOTS = SCREENSHOTS;
const snap = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });

const browser = useBrowser({ screenshots: SHOTS });
let admin: string;
beforeAll(async () => {
  admin = await adminToken();
});

/** Elements of the page's main part that reach past the right edge of the screen (none should). */
const wideElements = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('main *'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      // The innermost ones: the cause rather than every box around it.
      .filter(
        (el) => !Array.from(el.children).some((c) => c.getBoundingClientRect().right > window.innerWidth + 1),
      )
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} ${Math.round(el.getBoundingClientRect().right)}`,
      )
      .slice(0, 8),
  );

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Whether `el` lies wholly inside the visible part of the box `scroller`, clear of the shade at
 * its bottom (56 px, where the More button sits) when there is more below.
 */
async function inView(el: Locator, scroller: Locator): Promise<boolean> {
  const [e, s] = await Promise.all([el.boundingBox(), scroller.boundingBox()]);
  if (!e || !s) return false;
  const more = await scroller.evaluate((x) => x.scrollTop < x.scrollHeight - x.clientHeight - 1);
  return e.y >= s.y - 1 && e.y + e.height <= s.y + s.height + 1 - (more ? 56 : 0);
}

describe('screens and toasts', () => {
  it('[LAYOUT] admin sidebar at 1366x800: a cue says entries lie below, the last is reachable, the current one is in view', async () => {
    const { context, page } = await newPage(browser());
    await page.setViewportSize({ width: 1366, height: 800 });
    await openWithSession(page, admin, '/admin-dashboard');
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    const scroller = page.getByTestId('sidebar-scroll');
    const last = nav.getByRole('link', { name: 'Profile' });
    await last.waitFor({ state: 'attached' });
    // The last entry is below the fold, and the sidebar says so.
    expect(await inView(last, scroller)).toBe(false);
    const more = page.getByRole('button', { name: 'Show more menu entries' });
    await more.waitFor();
    await snap(page, 'admin-sidebar-top-1366');

    // The sidebar scrolls on its own: the page stays where it is.
    // Each press scrolls smoothly by part of the height: the next look waits for it to settle
    // (pressing while it glides found the button moving, or gone once the end was reached).
    const settled = async () => {
      let prev = -1;
      for (let now = await scroller.evaluate((el) => el.scrollTop); now !== prev; ) {
        prev = now;
        await page.waitForTimeout(150);
        now = await scroller.evaluate((el) => el.scrollTop);
      }
    };
    for (let i = 0; i < 6 && !(await inView(last, scroller)) && (await more.count()) > 0; i += 1) {
      const before = await scroller.evaluate((el) => el.scrollTop);
      await more.click();
      await eventually(() => scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(before);
      await settled();
    }
    await eventually(() => inView(last, scroller)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await more.waitFor({ state: 'detached' });
    await last.click();
    await waitForPath(page, '/admin-dashboard/admin-profile');

    // Opened directly (a reload, a bookmark), a low entry is scrolled into view.
    for (const [to, label] of [
      ['/admin-dashboard/admin-profile', 'Profile'],
      ['/admin-dashboard/audit-trail', 'Audit Trail'],
    ] as const) {
      await page.goto(to);
      const current = nav.getByRole('link', { name: label });
      await eventually(() => current.getAttribute('aria-current')).toBe('page');
      await eventually(() => inView(current, scroller)).toBe(true);
    }
    await snap(page, 'admin-sidebar-current-1366');
    await context.close();
  });

  it('[LAYOUT] vending history at 390x844: each purchase is a card, nothing runs off the side, details open with a tap, the pager works', async () => {
    const corp = await signUpCorporate('phone');
    await readyToVend(admin, corp.user.corporate!.id, '20,000');
    const vends: VendView[] = [];
    for (const body of [
      { phone: '08031234567', amount: '1000' },
      { phone: '08051234567', amount: '200' },
      { phone: '+2348000000002', network: 'MTN', amount: '300' },
    ]) {
      const res = await api<VendView>('POST', 'vend', { type: 'AIRTIME', ...body }, corp.token);
      expect(res.status, JSON.stringify(res.json)).toBeLessThan(300);
      vends.push(res.json.data);
    }

    const { context, page } = await newPage(browser());
    await page.setViewportSize({ width: 390, height: 844 });
    await openWithSession(page, corp.token, '/dashboard/vending-history');
    const list = page.getByRole('list', { name: 'Vending transactions' });
    await list.getByRole('listitem').nth(2).waitFor();
    expect(await page.getByRole('table', { name: 'Vending transactions' }).count()).toBe(0);

    // Nothing wider than the screen: no sideways scrolling of the page or of the list.
    const overflow = () =>
      page.evaluate(() => ({
        page: document.documentElement.scrollWidth - window.innerWidth,
        wide: Array.from(document.querySelectorAll('main *'))
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .map((el) => el.tagName)
          .slice(0, 5),
      }));
    expect(await overflow()).toEqual({ page: 0, wide: [] });

    // A card shows what matters; the rest is a tap away.
    const card = list.getByRole('listitem').filter({ hasText: '₦1,000.00' });
    for (const text of ['Successful', '+234 803 123 4567', '₦1,000.00', 'Date', 'Status'])
      await card.getByText(text, { exact: true }).first().waitFor();
    const code = vends[0]!.code;
    expect(await card.getByText(code).count()).toBe(0);
    await card.getByRole('button', { name: 'More details' }).click();
    await card.getByText(code).waitFor();
    expect(await overflow()).toEqual({ page: 0, wide: [] });
    await snap(page, 'vending-history-cards-390', true);

    // The pager: in the screen, and it changes the page size.
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.scrollIntoViewIfNeeded();
    for (const control of [
      pager.getByRole('button', { name: 'Previous' }),
      pager.getByRole('button', { name: 'Next' }),
      pager.getByRole('combobox'),
    ]) {
      const b = await control.boundingBox();
      expect(b && b.x >= 0 && b.x + b.width <= 390).toBe(true);
    }
    await pager.getByRole('combobox').selectOption('80');
    await eventually(() => new URL(page.url()).searchParams.get('limit')).toBe('80');
    await list.getByRole('listitem').nth(2).waitFor();

    // Tapping a card opens the purchase.
    await card.getByText('₦1,000.00').click();
    await waitForPath(page, `/dashboard/vending-history/${vends[0]!.id}`);

    // On a laptop the same screen is a table.
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto('/dashboard/vending-history');
    await page.getByRole('table', { name: 'Vending transactions' }).getByText(code).waitFor();
    await context.close();
  });

  it('[TOAST] below the header, stacked without overlap, clear of the primary action; an error outlasts the successes and can be dismissed', async () => {
    const corp = await signUpCorporate('toast');
    for (const [width, height] of [
      [1366, 800],
      [390, 844],
    ] as const) {
      const { context, page } = await newPage(browser());
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.setViewportSize({ width, height });
      await openWithSession(page, corp.token, '/dashboard/wallet');
      const form = page.getByRole('form', { name: 'Fund request' });
      await field(form, 'Amount (₦)').fill('10,000');
      await field(form, 'Transfer reference').fill(`TST${width}${Date.now().toString(36).toUpperCase()}`);
      await form.getByRole('button', { name: 'Submit fund request' }).click();
      await expectToastTopRight(page, 'Fund request submitted', 'success');
      await page.getByText('Step 2 of 2').waitFor();
      // The steps fit the screen, a phone's included.
      expect(await wideElements(page)).toEqual([]);
      // Bring the bank details and the next action into the screen, as the user would.
      const paid = page.getByRole('button', { name: 'I have paid', exact: true });
      await page.getByRole('button', { name: 'Copy account number' }).scrollIntoViewIfNeeded();

      await page.getByRole('button', { name: 'Copy account number' }).click();
      await page.getByRole('button', { name: 'Copy narration' }).click();
      // The clipboard refuses the next copy: an error toast.
      await page.evaluate(() =>
        Object.defineProperty(navigator, 'clipboard', {
          configurable: true,
          value: { writeText: () => Promise.reject(new Error('denied')) },
        }),
      );
      await page.getByRole('button', { name: 'Copy account name' }).click();
      const error = await expectToastTopRight(
        page,
        'Could not copy. Select the account name and copy it by hand.',
        'error',
      );
      const bars = page.locator('[data-rht-toaster] [role="status"]').locator('xpath=..');
      const texts = ['Account number copied', 'Narration copied', 'Could not copy.'];
      for (const t of texts) await bars.filter({ hasText: t }).waitFor();
      // Settled stack: each toast apart from the others, below the header, off the actions.
      await eventually(async () => {
        const boxes: Box[] = [];
        for (const t of texts) {
          const b = await bars.filter({ hasText: t }).boundingBox();
          if (b) boxes.push(b);
        }
        return boxes.length === 3 && boxes.every((a, i) => boxes.every((b, j) => i === j || !overlaps(a, b)));
      }).toBe(true);
      const header = await page.locator('[data-app-header]').boundingBox();
      for (const t of texts) {
        const b = await bars.filter({ hasText: t }).boundingBox();
        if (!b || !header) throw new Error(`no box for ${t}`);
        expect(b.y).toBeGreaterThanOrEqual(header.y + header.height);
        expect(await toastCovers(page, b)).toEqual([]);
      }
      await snap(page, `toasts-stacked-${width}`);
      if (await paid.isVisible()) {
        const p = await paid.boundingBox();
        for (const t of texts) {
          const b = await bars.filter({ hasText: t }).boundingBox();
          if (b && p) expect(overlaps(b, p)).toBe(false);
        }
      }

      // The successes go after 2 s; the error is still there, then closes with its button.
      await bars.filter({ hasText: 'Narration copied' }).waitFor({ state: 'detached' });
      expect(await error.isVisible()).toBe(true);
      await bars.filter({ hasText: 'Could not copy.' }).getByRole('button', { name: 'Dismiss' }).click();
      await bars.filter({ hasText: 'Could not copy.' }).waitFor({ state: 'detached' });
      await context.close();
    }
  });
});

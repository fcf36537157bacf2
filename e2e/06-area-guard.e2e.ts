// Journey 6 (issue 3): the route guard of spec §2 keeps each role in its own area, for a URL
// typed into the address bar: a client never sees an admin screen, an admin never a client one.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  launch,
  newPage,
  openWithSession,
  signInBrowser,
  signUpCorporate,
  waitForPath,
} from './support';

/** From every document's start, notes in `window.__seen` whether `selector` ever appears. */
async function watchFor(page: Page, selector: string): Promise<void> {
  await page.addInitScript((sel) => {
    const w = window as unknown as { __seen: boolean };
    w.__seen = false;
    new MutationObserver(() => {
      if (document.querySelector(sel)) w.__seen = true;
    }).observe(document, { childList: true, subtree: true });
  }, selector);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('area guard journey', () => {
  it('[GUARD] a client typing /admin-dashboard/services ends on /dashboard', async () => {
    const corp = await signUpCorporate('guard');
    const { context, page } = await newPage(browser);
    await signInBrowser(page, corp.email, corp.password);

    await watchFor(page, 'nav[aria-label="Admin navigation"]');
    await page.goto('/admin-dashboard/services');
    await waitForPath(page, '/dashboard');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    // Not even a glimpse of the admin area on the way.
    expect(await page.evaluate(() => (window as unknown as { __seen: boolean }).__seen)).toBe(false);
    expect(await page.getByRole('heading', { name: 'Services' }).count()).toBe(0);

    await page.goto('/admin-dashboard');
    await waitForPath(page, '/dashboard');
    await context.close();
  });

  it('[GUARD] an admin typing /dashboard/wallet ends on /admin-dashboard', async () => {
    const token = await adminToken();
    const { context, page } = await newPage(browser);
    await watchFor(page, 'nav[aria-label="Main navigation"]');
    await openWithSession(page, token, '/dashboard/wallet');
    await waitForPath(page, '/admin-dashboard');
    await page.getByRole('navigation', { name: 'Admin navigation' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __seen: boolean }).__seen)).toBe(false);
    expect(await page.getByTestId('user-full-name').textContent()).toBe('Super Admin');

    await page.goto('/dashboard');
    await waitForPath(page, '/admin-dashboard');
    await context.close();
  });
});

// Journey 6 (issue 3): the route guard of spec §2 keeps each role in its own area, for a URL
// typed into the address bar: a client never sees an admin screen, an admin never a client one.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { VendView } from '@vendport/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInClient, useBrowser } from './fixtures';
import {
  adminToken,
  api,
  expectToastTopRight,
  newPage,
  openWithSession,
  readyToVend,
  SCREENSHOTS,
  signUpCorporate,
  submitSignIn,
  waitForPath,
} from './support';

const SHOTS = path.join(SCREENSHOTS, 'area-guard');

/** The login form, then the emailed second factor (the deep-link journeys sign in by hand). */
async function signInFromLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('heading', { name: 'Sign in to VendPort' }).waitFor();
  await submitSignIn(page, email, password);
}

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

const browser = useBrowser();

describe('area guard journey', () => {
  it('[GUARD] a client typing /admin-dashboard/services ends on /dashboard', async () => {
    const { context, page } = await signedInClient(browser(), 'guard');

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
    const { context, page } = await newPage(browser());
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

  it('[DEEP-LINK] a vend opened signed out, with its query string, is where the client lands after sign-in and 2FA', async () => {
    const admin = await adminToken();
    const corp = await signUpCorporate('deeplink');
    await readyToVend(admin, corp.user.corporate?.id ?? '', '5000');
    const vend = await api<VendView>(
      'POST',
      'vend',
      { type: 'AIRTIME', phone: '08031234567', amount: 100 },
      corp.token,
    );
    expect(vend.status).toBeLessThan(300);
    const asked = `/dashboard/vending-history/${vend.json.data.id}`;

    const { context, page } = await newPage(browser());
    await page.goto(`${asked}?x=1`);
    await waitForPath(page, '/');
    await signInFromLogin(page, corp.email, corp.password);
    await page.waitForURL((u) => u.pathname === asked && u.search === '?x=1');
    await page.getByRole('heading', { name: 'Transaction Details', level: 1 }).waitFor();
    // Signed in now, and only now (issue 16 point 7).
    await expectToastTopRight(page, 'Signed in', 'success');
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/deep-link-landed-1366.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/deep-link-landed-390.png` });

    // Used once: the login page afterwards leads to the home, not back to the vend.
    await page.goto('/');
    await waitForPath(page, '/dashboard');
    await context.close();
  });

  it("[DEEP-LINK] an admin page opened signed out by a client leads to the client's home after sign-in", async () => {
    const corp = await signUpCorporate('deeplink-admin');
    const { context, page } = await newPage(browser());
    await page.goto('/admin-dashboard/accounts?status=ACTIVE');
    await waitForPath(page, '/');
    await signInFromLogin(page, corp.email, corp.password);
    await waitForPath(page, '/dashboard');
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await context.close();
  });
});

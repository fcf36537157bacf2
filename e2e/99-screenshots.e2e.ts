// Full-page screenshots of the main screens into e2e/screenshots/ (gitignored), for a person to
// look at: login, sign-up, both dashboard frames, notifications (with items and empty), the
// logout modal, and the login and client dashboard at phone width (390 px). Runs last.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { NotificationView } from '@vendport/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  api,
  expectToastTopRight,
  launch,
  newPage,
  openWithSession,
  SCREENSHOTS,
  signUpCorporate,
  waitForPath,
} from './support';

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits for what a person would: fonts, images, no page-loading bar; then the full page. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images).map((img) =>
        img.complete ? null : new Promise((r) => img.addEventListener('load', r, { once: true })),
      ),
    );
  });
  await page.getByRole('progressbar', { name: 'Loading page' }).waitFor({ state: 'detached' });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

describe('screenshots', () => {
  it('[SCREENSHOTS] login and sign-up, desktop and phone width', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in to VendPort' }).waitFor();
    await shoot(page, 'login');
    await page.goto('/sign-up');
    await page.getByRole('heading', { name: 'Create your business account' }).waitFor();
    await shoot(page, 'sign-up');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in to VendPort' }).waitFor();
    await shoot(page, 'login-mobile');
    await context.close();
  });

  it('[SCREENSHOTS] client area: dashboard frame, notifications (with items, detail, empty), logout modal', async () => {
    const corp = await signUpCorporate('shots');
    for (const mode of ['TEST', 'LIVE']) {
      expect((await api('POST', 'reset-api-key', { mode, password: corp.password }, corp.token)).status).toBe(
        200,
      );
    }
    // One read, the rest unread: both looks on the screen.
    const list = await api<NotificationView[]>('GET', 'notifications?page=1', undefined, corp.token);
    const welcome = list.json.data.find((n) => n.subject === 'Welcome to VendPort')!;
    expect((await api('PUT', `notifications/read/${welcome.id}`, {}, corp.token)).status).toBe(200);

    const { context, page } = await newPage(browser);
    await openWithSession(page, corp.token, '/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByTestId('unread-count').filter({ hasText: /^2$/ }).waitFor();
    await shoot(page, 'client-dashboard');

    await page.goto('/dashboard/notification');
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await page.getByTestId('notification-item').nth(2).waitFor();
    await shoot(page, 'notifications');

    await page.getByRole('button', { name: 'Read notification: Welcome to VendPort', exact: true }).click();
    await page.getByRole('dialog', { name: 'Welcome to VendPort' }).waitFor();
    await shoot(page, 'notification-detail');
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    expect((await api('PUT', 'notifications/clear', {}, corp.token)).status).toBe(200);
    await page.reload();
    await page.getByText('You Currently have no notification', { exact: true }).waitFor();
    await shoot(page, 'notifications-empty');

    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('button', { name: 'Logout' })
      .click();
    await page.getByRole('dialog').getByText('Are you sure you want to logout ?').waitFor();
    await shoot(page, 'logout-modal');
    await page.getByRole('dialog').getByRole('button', { name: 'Stay active' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await shoot(page, 'client-dashboard-mobile');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).waitFor();
    await shoot(page, 'client-menu-mobile');

    // The logout message as a toast, top-right of the login screen it lands on.
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.goto('/dashboard');
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('button', { name: 'Logout' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/');
    await expectToastTopRight(page, 'You have been logged out', 'success');
    await shoot(page, 'logout-toast');
    await context.close();
  });

  it('[SCREENSHOTS] admin area: dashboard frame', async () => {
    const { context, page } = await newPage(browser);
    await openWithSession(page, await adminToken(), '/admin-dashboard');
    await waitForPath(page, '/admin-dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Admin navigation' }).waitFor();
    await shoot(page, 'admin-dashboard');
    await context.close();
  });
});

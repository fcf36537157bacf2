// Journey 4 (issue 3): the notifications screen of spec §2 at /dashboard/notification, on
// notifications raised by real actions (sign-up welcome, API key resets, a password update):
// day headings, open one (it becomes read, the bell count drops), delete one, clear all.
import type { NotificationView } from '@vendport/shared';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';
import {
  api,
  eventually,
  expectToastTopRight,
  newPage,
  signInBrowser,
  signUpCorporate,
  TIMEZONE,
  waitForPath,
} from './support';

const browser = useBrowser();

/** `D MMM, YYYY` in Lagos time (the browser runs in Africa/Lagos). */
function dayHeading(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: TIMEZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).formatToParts(new Date(iso));
  const get = (t: string) => parts.find((p) => p.type === t)?.value;
  return `${get('day')} ${get('month')}, ${get('year')}`;
}

const items = (page: Page) => page.getByTestId('notification-item');
const itemWith = (page: Page, text: string) => items(page).filter({ hasText: text });
const background = (l: Locator) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
/** The bell in the top bar: its accessible name carries the unread count. */
const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });

describe('notifications journey', () => {
  it('[NOTIFICATIONS] a client reads, deletes and clears notifications raised by real actions', async () => {
    // Seed through the API: the welcome (sign-up), two API key resets, a password update.
    const corp = await signUpCorporate('notify');
    for (const mode of ['TEST', 'LIVE']) {
      const r = await api('POST', 'reset-api-key', { mode, password: corp.password }, corp.token);
      expect(r.status).toBe(200);
    }
    const newPassword = `${corp.password}-renewed`;
    const upd = await api(
      'PUT',
      'update-password',
      { current_password: corp.password, new_password: newPassword, confirm_password: newPassword },
      corp.token,
    );
    expect(upd.status).toBe(200);
    const seeded = await api<NotificationView[]>('GET', 'notifications?page=1', undefined, corp.token);
    expect(seeded.json.data.map((n) => n.subject)).toEqual([
      'Password changed',
      'API key reset',
      'API key reset',
      'Welcome to VendPort',
    ]);

    const { page } = await newPage(browser());
    await signInBrowser(page, corp.email, newPassword);
    await waitForPath(page, '/dashboard');

    // The bell shows 4 unread; it leads to the screen.
    await page.getByTestId('unread-count').filter({ hasText: /^4$/ }).waitFor();
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications, 4 unread');
    await bell(page).click();
    await waitForPath(page, '/dashboard/notification');

    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await eventually(() => items(page).count()).toBe(4);
    const clearAll = page.getByRole('main').getByRole('button', { name: 'Clear all' });
    expect(await clearAll.isEnabled()).toBe(true);

    // Grouped by day under `D MMM, YYYY` headings (Lagos days; all four were raised just now).
    const dayHeadings = page.getByRole('main').getByRole('heading', { level: 2 });
    const days = [...new Set(seeded.json.data.map((n) => dayHeading(n.createdAt)))];
    expect(await dayHeadings.allTextContents()).toEqual(days);
    expect(await dayHeadings.first().textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2}, \d{4}$/);

    // Each item: subject, a one-line truncated body, the time as `MMM D, h:mm A`; unread highlighted.
    const times = await page.getByTestId('notification-item').locator('time').allTextContents();
    expect(times).toHaveLength(4);
    for (const t of times) expect(t).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM)$/);
    const welcome = itemWith(page, 'Welcome to VendPort');
    expect(await welcome.textContent()).toContain('…');
    for (let i = 0; i < 4; i++) expect(await items(page).nth(i).getAttribute('data-unread')).toBe('true');
    const unreadBackground = await background(welcome);
    // Pagination controls are shown (spec §2).
    await page.getByRole('navigation', { name: 'Pagination' }).getByText('Page 1').waitFor();

    // Open the welcome: the detail modal (subject, time, whole body, Dismiss) and it becomes read.
    await page.getByRole('button', { name: 'Unread notification: Welcome to VendPort', exact: true }).click();
    const detail = page.getByRole('dialog', { name: 'Welcome to VendPort' });
    await detail.waitFor();
    const fullBody = seeded.json.data[3]!.body;
    expect(await detail.getByTestId('notification-body').textContent()).toBe(fullBody);
    expect(await detail.textContent()).toContain(times[3]!);
    await detail.getByRole('button', { name: 'Dismiss' }).click();
    await detail.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Read notification: Welcome to VendPort', exact: true }).waitFor();
    expect(await welcome.getAttribute('data-unread')).toBe('false');
    expect(await background(welcome)).not.toBe(unreadBackground);
    expect(await background(itemWith(page, 'Password changed'))).toBe(unreadBackground);
    await page.getByTestId('unread-count').filter({ hasText: /^3$/ }).waitFor();
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications, 3 unread');
    // Opening it raised no toast (spec §8: mark-read shows none); the sign-in toasts may linger.
    const toasts = await page.locator('[data-rht-toaster] [role="status"]').allTextContents();
    expect(toasts.filter((t) => !['Signed in', 'Two-factor authentication complete'].includes(t))).toEqual(
      [],
    );
    const afterRead = await api<NotificationView[]>('GET', 'notifications?page=1', undefined, corp.token);
    // (The API token was the sign-up session; update-password kept it.)
    expect(afterRead.json.data.find((n) => n.subject === 'Welcome to VendPort')?.isRead).toBe(true);

    // Delete one, through its confirm: Cancel keeps it, Delete removes it with a toast.
    await page.getByRole('button', { name: 'Delete notification: Password changed' }).click();
    let confirm = page.getByRole('dialog', { name: 'Delete notification' });
    await confirm.getByText('Delete Password changed? This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await items(page).count()).toBe(4);

    await page.getByRole('button', { name: 'Delete notification: Password changed' }).click();
    confirm = page.getByRole('dialog', { name: 'Delete notification' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToastTopRight(page, 'Notification deleted', 'success');
    await confirm.waitFor({ state: 'hidden' });
    await eventually(() => items(page).count()).toBe(3);
    expect(await itemWith(page, 'Password changed').count()).toBe(0);
    await page.getByTestId('unread-count').filter({ hasText: /^2$/ }).waitFor();

    // Clear all, through its confirm: the empty state, and the bell has nothing to count.
    await clearAll.click();
    confirm = page.getByRole('dialog', { name: 'Clear all notifications' });
    await confirm.getByText('All your notifications will be removed. This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Clear all' }).click();
    await expectToastTopRight(page, 'All notifications cleared', 'success');
    await page.getByText('You Currently have no notification', { exact: true }).waitFor();
    expect(await items(page).count()).toBe(0);
    expect(await clearAll.isDisabled()).toBe(true);
    await page.getByTestId('unread-count').waitFor({ state: 'detached' });
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications');

    const afterClear = await api<NotificationView[]>('GET', 'notifications?page=1', undefined, corp.token);
    expect(afterClear.json.data).toEqual([]);
    await page.context().close();
  });
});

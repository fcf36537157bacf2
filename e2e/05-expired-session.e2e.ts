// Journey 5 (issue 3): a session the server no longer accepts. The next call the page makes
// gets 401; spec §8: the stored profile and the token cookie are cleared and the user lands on /.
import { describe, expect, it } from 'vitest';
import { signedInClient, useBrowser } from './fixtures';
import { api, browserToken, SESSION_COOKIE, storedProfile, waitForPath } from './support';

const browser = useBrowser();

describe('expired session journey', () => {
  it('[AUTH] when the server revokes the session, the next action in the page gets 401 and lands on /', async () => {
    const { context, page } = await signedInClient(browser(), 'expired');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    // The server ends the browser's session behind its back (same token, POST logout).
    const token = await browserToken(context);
    expect(token).toBeTruthy();
    expect((await api('POST', 'logout', undefined, token!)).status).toBe(200);
    // The page does not know yet.
    expect(page.url()).toMatch(/\/dashboard$/);
    expect(await storedProfile(page)).not.toBeNull();

    // The next action: open the notifications screen from the sidebar. Its call gets 401.
    const answered = page.waitForResponse(
      (r) => r.url().includes('/api/v1/notifications') && r.status() === 401,
    );
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Notifications' })
      .click();
    await answered;

    await waitForPath(page, '/');
    await page.getByRole('heading', { name: 'Sign in to VendPort' }).waitFor();
    expect(await storedProfile(page)).toBeNull();
    expect((await context.cookies()).some((c) => c.name === SESSION_COOKIE)).toBe(false);

    // Nothing of the old session lets the user back in.
    await page.goto('/dashboard/notification');
    await waitForPath(page, '/');
    await context.close();
  });
});

// Journey 3 (issue 3): logout through the confirm modal of spec §2, with its exact texts.
// Stay active keeps the session; Logout ends it on the server and in the browser (§4, §8).
import { describe, expect, it } from 'vitest';
import { signedInClient, useBrowser } from './fixtures';
import {
  api,
  browserToken,
  eventually,
  expectToastTopRight,
  SESSION_COOKIE,
  storedProfile,
  waitForPath,
} from './support';

const browser = useBrowser();

describe('logout journey', () => {
  it('[AUTH] the logout modal asks "Are you sure you want to logout ?"; Stay active keeps the session, Logout ends it everywhere', async () => {
    const { corp, context, page } = await signedInClient(browser(), 'logout');
    const token = await browserToken(context);
    expect(token).toBeTruthy();

    // Open the modal from the sidebar: exactly the spec's question and two buttons.
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('button', { name: 'Logout' })
      .click();
    const modal = page.getByRole('dialog');
    await modal.waitFor();
    await modal.getByText('Are you sure you want to logout ?', { exact: true }).waitFor();
    const buttons = await modal.getByRole('button').allTextContents();
    expect(buttons.map((b) => b.trim())).toEqual(['Stay active', 'Logout']);
    // The overlay locks page scrolling while it is open (spec §2 Presentation).
    await eventually(() => page.evaluate(() => document.body.style.overflow)).toBe('hidden');

    // Stay active: the modal closes, the user stays, the session still works.
    await modal.getByRole('button', { name: 'Stay active' }).click();
    await modal.waitFor({ state: 'hidden' });
    await waitForPath(page, '/dashboard');
    await eventually(() => page.evaluate(() => document.body.style.overflow)).toBe('');
    expect(await browserToken(context)).toBe(token);
    expect((await storedProfile(page))?.email).toBe(corp.email);
    expect((await api('GET', 'me', undefined, token!)).status).toBe(200);

    // Logout: the page reloads (spec §4) at /, with the server's message as a success toast, top-right.
    await page.evaluate(() => {
      (window as unknown as { __beforeLogout: boolean }).__beforeLogout = true;
    });
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('button', { name: 'Logout' })
      .click();
    await modal.getByText('Are you sure you want to logout ?', { exact: true }).waitFor();
    await modal.getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: 'Sign in to VendPort' }).waitFor();
    await expectToastTopRight(page, 'You have been logged out', 'success');
    expect(
      await page.evaluate(() => (window as unknown as { __beforeLogout?: boolean }).__beforeLogout),
    ).toBe(undefined);

    // The token cookie and the stored profile are gone...
    expect((await context.cookies()).some((c) => c.name === SESSION_COOKIE)).toBe(false);
    expect(await storedProfile(page)).toBeNull();
    // ...the server revoked the token...
    const after = await api('GET', 'me', undefined, token!);
    expect(after.status).toBe(401);
    // ...and the areas are closed again.
    await page.goto('/dashboard');
    await waitForPath(page, '/');
    await context.close();
  });
});

// Journey 2 (issue 3): the seeded super admin's first browser sign-in with the printed password,
// the forced change to a password of their own, the emailed second factor, the admin area.
// Runs before any spec that calls adminToken(): it needs the seeded state (defaultPassword).
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './fixtures';
import {
  adminEmail,
  api,
  browserToken,
  E2E_ADMIN_PASSWORD,
  expectToastTopRight,
  field,
  latestCode,
  newPage,
  SIGN_IN_CODE,
  storedProfile,
  waitForPath,
} from './support';

const browser = useBrowser();

describe('admin first sign-in journey', () => {
  it('[AUTH] the seeded admin signs in with the printed password, must change it, passes 2FA and lands on /admin-dashboard', async () => {
    const email = adminEmail();
    const { context, page } = await newPage(browser());

    // Where the "Signed in" toast first appears (issue 16: in the area, not before the forced
    // password change), noted from the document's start whatever the timing.
    await page.addInitScript(() => {
      const w = window as unknown as { __signedInAt: string | null };
      w.__signedInAt = null;
      new MutationObserver(() => {
        if (w.__signedInAt) return;
        for (const el of document.querySelectorAll('[data-rht-toaster] [role="status"]')) {
          if (el.textContent?.trim() === 'Signed in') w.__signedInAt = window.location.pathname;
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const signedInAt = () =>
      page.evaluate(() => (window as unknown as { __signedInAt: string | null }).__signedInAt);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in to VendPort' }).waitFor();
    await field(page, 'Email address').fill(email);
    await field(page, 'Password').fill(inject('adminPassword'));
    await page.getByRole('button', { name: 'Sign in' }).click();

    // defaultPassword TRUE: the guard sends the session to /change-password, and nowhere else.
    await waitForPath(page, '/change-password');
    await page.getByRole('heading', { name: 'Choose your own password' }).waitFor();
    // Not signed in yet as far as the admin can tell: no "Signed in" before the forced change.
    expect(await signedInAt()).toBeNull();
    expect(await storedProfile(page)).toMatchObject({
      email,
      defaultPassword: true,
      is2faAuthenticated: false,
    });
    await page.goto('/admin-dashboard');
    await waitForPath(page, '/change-password');

    await field(page, 'Current password').fill(inject('adminPassword'));
    await field(page, 'New password').fill(E2E_ADMIN_PASSWORD);
    await field(page, 'Confirm new password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();

    // The email is verified already (seeded), so the next step is the second factor.
    await waitForPath(page, '/2fa');
    await expectToastTopRight(page, 'Your password has been changed', 'success');
    expect(await signedInAt()).toBeNull();
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await field(page, 'Email code').fill(await latestCode(email, SIGN_IN_CODE));
    await page.getByRole('button', { name: 'Verify and continue' }).click();

    await waitForPath(page, '/admin-dashboard');
    await expectToastTopRight(page, 'Signed in', 'success');
    expect(await signedInAt()).toBe('/admin-dashboard');
    expect(await page.getByTestId('user-full-name').textContent()).toBe('Super Admin');
    await page.getByRole('banner').getByText('Administrator').waitFor();
    await page.getByRole('navigation', { name: 'Admin navigation' }).waitFor();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await storedProfile(page)).toMatchObject({ defaultPassword: false, is2faAuthenticated: true });

    // The printed password no longer works; the new one does.
    const old = await api('POST', 'login', { email, password: inject('adminPassword') });
    expect(old.status).toBe(401);
    const token = await browserToken(context);
    const me = await api<{ user: { defaultPassword: boolean } }>('GET', 'me', undefined, token!);
    expect(me.json.data.user.defaultPassword).toBe(false);
    await context.close();
  });
});

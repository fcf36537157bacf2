// Journey 71 (issue 36, point 4): a team member who set up an authenticator app loses it. The
// owner opens the member's detail view (GET admins/{id}) from the users list, sees "Authenticator
// app", resets the two-factor sign-in with their own password, and the member's next sign-in
// falls back to emailed codes; the reset is in the audit trail.
import path from 'node:path';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';
import {
  api,
  expectToastTopRight,
  field,
  latestCode,
  newPage,
  openWithSession,
  SCREENSHOTS,
  SIGN_IN_CODE,
  signUpCorporate,
  uniqueEmail,
} from './support';

const browser = useBrowser({ screenshots: SCREENSHOTS });
const MEMBER_PASSWORD = 'Lagos-Clerk-Passphrase-71';

async function ok<T>(r: Promise<{ status: number; json: { message: string; data: T } }>, what: string) {
  const res = await r;
  if (res.status >= 300) throw new Error(`${what}: HTTP ${res.status} ${res.json.message}`);
  return res.json.data;
}

/** The temporary password of the invitation emailed to `to` (development outbox). */
async function invitationPassword(to: string): Promise<string> {
  const { json } = await api<Array<{ to: string; text: string }>>(
    'GET',
    `dev/outbox?to=${encodeURIComponent(to)}`,
  );
  const pw = json.data.map((m) => /Temporary password: (\S+)/.exec(m.text)).find((m) => m !== null);
  if (!pw) throw new Error(`no invitation emailed to ${to}`);
  return pw[1];
}

describe('team: reset a member’s two-factor sign-in', () => {
  it('[TEAM] the member detail view shows the authenticator; Reset two-factor sign-in (password) falls back to emailed codes', async () => {
    const owner = await signUpCorporate('reset2fa');
    const role = await ok(
      api<{ id: string }>(
        'POST',
        'roles/create',
        { name: 'Clerk', permissions: ['dashboard.view'] },
        owner.token,
      ),
      'roles/create',
    );
    const email = uniqueEmail('clerk');
    const member = await ok(
      api<{ id: string }>(
        'POST',
        'admins/create',
        { first_name: 'Tunde', last_name: 'Clerk', email, roleId: role.id },
        owner.token,
      ),
      'admins/create',
    );

    // ---- the member signs in, sets a password, passes 2FA and sets up an authenticator app
    const temp = await invitationPassword(email);
    const login = await ok(
      api<{ access_token: string }>('POST', 'login', { email, password: temp }),
      'login',
    );
    const token = login.access_token;
    await ok(
      api(
        'POST',
        'change-password',
        { current_password: temp, new_password: MEMBER_PASSWORD, confirm_password: MEMBER_PASSWORD },
        token,
      ),
      'change-password',
    );
    await ok(api('POST', '2fa', { code: await latestCode(email, SIGN_IN_CODE) }, token), '2fa');
    const setup = await ok(api<{ secret: string }>('POST', '2fa/setup', undefined, token), '2fa/setup');
    await ok(
      api('POST', '2fa/enable', { code: await generate({ secret: setup.secret }) }, token),
      '2fa/enable',
    );

    // ---- the owner opens the member from the users list
    const { context, page } = await newPage(browser());
    await page.setViewportSize({ width: 1366, height: 800 });
    await openWithSession(page, owner.token, '/dashboard/admin-management');
    const table = page.getByRole('table', { name: 'Team members' });
    await table.getByRole('link', { name: 'Tunde Clerk' }).click();
    await page.waitForURL((u) => u.pathname === `/dashboard/admin-management/view-member/${member.id}`);
    await page.getByRole('heading', { name: 'View User', level: 1 }).waitFor();
    const details = page.getByTestId('member-details');
    await details.getByText('Authenticator app').waitFor();
    await details.getByText(email).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'view-member-1366.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'view-member-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1366, height: 800 });

    // ---- reset, confirmed with the owner's password
    await page.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset two-factor sign-in' });
    await field(dialog, 'Password').fill(owner.password);
    await dialog.getByRole('button', { name: 'Reset two-factor' }).click();
    // The success is said as a toast a person sees (issue 53 point 10): shown whole, top-right,
    // not covered, and readable before it goes.
    await expectToastTopRight(page, 'Two-factor authentication reset.', 'success');
    await details.getByText('Codes sent by email').waitFor();

    // The member's session has ended; the next sign-in asks for an emailed code.
    expect((await api('GET', 'me', undefined, token)).status).toBe(401);
    const again = await ok(
      api<{ user: { twoFactorMethod: string } }>('POST', 'login', { email, password: MEMBER_PASSWORD }),
      'login again',
    );
    expect(again.user.twoFactorMethod).toBe('EMAIL');
    // Audited.
    const trail = await api<Array<{ action: string; targetId: string | null }>>(
      'GET',
      'audit-trails?limit=100',
      undefined,
      owner.token,
    );
    expect(trail.json.data.some((e) => e.action === 'user.2fa.reset')).toBe(true);

    // ---- issue 36 (5): the profile menu opens one's own notification set-up
    await page.goto('/dashboard/admin-management');
    for (const [width, height] of [
      [390, 844],
      [1366, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.getByRole('button', { name: 'Profile menu' }).click();
      const menu = page.getByRole('menu', { name: 'Profile menu' });
      await menu.waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, `profile-menu-${width}.png`) });
      await menu.getByRole('menuitem', { name: 'Notification settings' }).click();
      await page.waitForURL((u) => u.pathname === '/dashboard/notification-settings', {
        waitUntil: 'commit',
      });
      await page.getByRole('heading', { name: 'Notification settings', level: 1 }).waitFor();
      await page.getByRole('table', { name: 'Notification set-up' }).waitFor();
      await page.screenshot({
        path: path.join(SCREENSHOTS, `notification-settings-${width}.png`),
        fullPage: true,
      });
      await page.goBack();
    }
    await context.close();
  });
});

// Journey 1 (issue 3): a new client signs up in the browser, verifies the email with the code
// from the outbox, passes the emailed second factor and lands in the client area.
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';
import {
  api,
  browserToken,
  expectToastTopRight,
  field,
  latestCode,
  newPage,
  SIGN_IN_CODE,
  storedProfile,
  uniqueEmail,
  VERIFY_CODE,
  waitForPath,
} from './support';

const browser = useBrowser();

describe('sign-up journey', () => {
  it('[AUTH] a new client signs up, verifies the email, passes 2FA and lands on /dashboard with the layout', async () => {
    const { context, page } = await newPage(browser());
    const email = uniqueEmail('signup');
    const password = 'Ikeja-Market-Float-2024';

    await page.goto('/');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await waitForPath(page, '/sign-up');
    await page.getByRole('heading', { name: 'Create your business account' }).waitFor();

    await field(page, 'Company name').fill('Chinwe Airtime Hub Ltd');
    await field(page, 'First name').fill('Chinwe');
    await field(page, 'Last name').fill('Eze');
    await field(page, 'Work email').fill(email);
    await field(page, 'Phone number').fill('803 555 0142');
    await field(page, 'Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();

    // The guard takes the new session to the first pending step.
    await waitForPath(page, '/verify-email');
    await expectToastTopRight(
      page,
      'Account created. Enter the code we sent to your email address.',
      'success',
    );
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await page.getByText(email).waitFor();

    await field(page, 'Verification code').fill(await latestCode(email, VERIFY_CODE));
    await page.getByRole('button', { name: 'Verify email' }).click();

    await waitForPath(page, '/2fa');
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await field(page, 'Email code').fill(await latestCode(email, SIGN_IN_CODE));
    await page.getByRole('button', { name: 'Verify and continue' }).click();

    await waitForPath(page, '/dashboard');
    await expectToastTopRight(page, 'Two-factor authentication complete', 'success');
    // The layout: the user's full name in the top bar, the client navigation, the bell.
    expect(await page.getByTestId('user-full-name').textContent()).toBe('Chinwe Eze');
    await page.getByRole('banner').getByText('Chinwe Airtime Hub Ltd').waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.getByRole('link', { name: /^Notifications, 1 unread$/ }).waitFor();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    // The session the browser keeps is complete, and the server agrees.
    const profile = await storedProfile(page);
    expect(profile).toMatchObject({
      email,
      first_name: 'Chinwe',
      hasVerifiedEmail: true,
      is2faAuthenticated: true,
    });
    const token = await browserToken(context);
    expect(token).toBeTruthy();
    const me = await api<{ user: { email: string; is2faAuthenticated: boolean } }>(
      'GET',
      'me',
      undefined,
      token!,
    );
    expect(me.status).toBe(200);
    expect(me.json.data.user).toMatchObject({ email, is2faAuthenticated: true });

    // Signed in, the public pages lead back to the area.
    await page.goto('/sign-up');
    await waitForPath(page, '/dashboard');
    await context.close();
  });
});

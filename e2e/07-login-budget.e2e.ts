// Issue 36, point 11: the sign-in page's JavaScript. The built app's login page (entry and its
// static imports, scripts/login-budget.mjs) is within 100 KB gzipped, and that is really all the
// page needs: with every other script held back, the page paints, checks its form and shows a
// server's refusal; the router and the toaster load after the first paint, and signing in then
// goes on through the router to the second factor and the area.
import path from 'node:path';
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkDist, LOGIN_BUDGET_BYTES } from '../scripts/login-budget.mjs';
import { useBrowser } from './fixtures';
import { eventually, field, newPage, passTwoFactor, signUpCorporate, waitForPath } from './support';

const browser = useBrowser();
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');

describe('login page JavaScript budget', () => {
  it('[PERF] the built login page loads at most 100 KB of gzipped JavaScript', () => {
    expect(LOGIN_BUDGET_BYTES).toBe(100_000);
    const result = checkDist(dist);
    expect(result.total).toBeLessThanOrEqual(100_000);
    expect(result.ok).toBe(true);
  });

  it('[PERF] the sign-in page paints and works with only that JavaScript; the rest loads after, and signing in goes on', async () => {
    const allowed = new Set(checkDist(dist).chunks.map((c) => `/${c.file}`));
    const corp = await signUpCorporate('budget');
    const { context, page } = await newPage(browser());
    const held: Route[] = [];
    const requested: string[] = [];
    await page.route('**/assets/*.js', (route) => {
      const { pathname } = new URL(route.request().url());
      requested.push(pathname);
      if (allowed.has(pathname)) return route.continue();
      held.push(route);
    });

    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in to VendPort' }).waitFor();
    // The form's own checks run.
    await field(page, 'Email address').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Enter a valid email address').waitFor();
    // A refusal from the server shows on the page.
    await field(page, 'Email address').fill(corp.email);
    await field(page, 'Password').fill('Wrong-password-123!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').first().waitFor();
    // Everything so far ran on the budgeted scripts; the rest was asked for after the first paint.
    expect(requested.filter((p) => allowed.has(p)).length).toBe(allowed.size);
    await eventually(() => held.length).toBeGreaterThan(0);

    // Let the rest in: signing in goes on to the second factor and the client's area.
    for (const route of held.splice(0)) await route.continue();
    await page.unroute('**/assets/*.js');
    await field(page, 'Password').fill(corp.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await passTwoFactor(page, corp.email);
    await waitForPath(page, '/dashboard');
    await context.close();
  });

  it('[PERF] the sign-in page links lead on inside the app, without reloading it', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in to VendPort' }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    await page.getByRole('link', { name: 'Create an account' }).click();
    await waitForPath(page, '/sign-up');
    await page.getByRole('heading', { name: 'Create your business account' }).waitFor();
    // Back to the sign-in page, then on to Forgot password.
    await page.goBack();
    await waitForPath(page, '/');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/forgot-password');
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    await context.close();
  });
});

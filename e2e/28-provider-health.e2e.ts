// Journey 28 (issue 49): the Providers screen's health cards in the browser. A server of its own,
// VTpass (its stand-in, started here) first and Reloadly (its stand-in) second on the aggregator's
// route, with a breaker that opens after 3 calls. The admin sees VTpass closed; VTpass answers 500 to
// three vends and the screen shows it open, with why; the admin closes it with a reason and the
// password, then forces it open the same way. Each state is looked at in screenshots at 1366×800 and
// 390×844 (in e2e/screenshots/), and at 390 the page never scrolls sideways.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReloadlyMock } from '../mocks/reloadly/server.ts';
import { startVtpassMock } from '../mocks/vtpass/server.ts';
import { useBrowser } from './fixtures';
import { type E2eServer, startServer } from './global-setup';
import {
  adminToken,
  api,
  E2E_ADMIN_PASSWORD,
  field,
  newPage,
  openWithSession,
  readyToVend,
  SCREENSHOTS,
  signUpCorporate,
  useServer,
} from './support';

const SHOTS = SCREENSHOTS;
const browser = useBrowser({ screenshots: SHOTS });
const VIEWPORTS = [
  { width: 1366, height: 800 },
  { width: 390, height: 844 },
];

let vtpass: Awaited<ReturnType<typeof startVtpassMock>>;
let reloadly: Awaited<ReturnType<typeof startReloadlyMock>>;
let server: E2eServer | undefined;

beforeAll(async () => {
  vtpass = await startVtpassMock({ port: 0 });
  reloadly = await startReloadlyMock({ port: 0 });
  server = await startServer('e2e-provider-health', {
    ...vtpass.env,
    ...reloadly.env,
    RELOADLY_WEBHOOK_SECRET: 'e2e-reloadly-webhook-secret',
    AGGREGATOR_PROVIDERS: 'VTPASS,RELOADLY',
    PROVIDER_TIMEOUT_MS: '1500',
    BREAKER_MIN_CALLS: '3',
    BREAKER_COOLDOWN_MS: '600000',
    BREAKER_CACHE_MS: '0',
  });
  useServer(server);
});

afterAll(async () => {
  useServer(null);
  await server?.stop();
  await vtpass?.app.close();
  await reloadly?.close();
});

/** The VTpass health card's text once it says `state`. */
async function vtpassCard(page: Page, state: string) {
  const card = page.getByRole('region', { name: 'VTpass health' });
  try {
    await card.getByText(state, { exact: true }).waitFor({ timeout: 15_000 });
  } catch (err) {
    await page.screenshot({ path: path.join(SHOTS, `provider-health-missing-${state}.png`), fullPage: true });
    throw err;
  }
  return card;
}

/** Screenshots of the screen at both sizes; at 390 the page must not scroll sideways. */
async function shootBoth(page: Page, name: string, state: string) {
  for (const v of VIEWPORTS) {
    await page.setViewportSize(v);
    await page.reload();
    const card = await vtpassCard(page, state);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `provider-health-${name}-${v.width}x${v.height}.png`) });
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 5)
        .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${v.width}: ${wide.join(' | ')}`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

describe('[E2E-PROVIDER-HEALTH] the Providers screen shows each breaker state', () => {
  it('[E2E-PROVIDER-HEALTH] closed, opened by failures (with why), closed by the admin, forced open', async () => {
    const admin = await adminToken();
    const corp = await signUpCorporate('health');
    await readyToVend(admin, corp.user.corporate!.id, '50000');
    const { context, page } = await newPage(browser());
    try {
      await openWithSession(page, admin, '/admin-dashboard/providers');
      await shootBoth(page, 'closed', 'Closed');

      // VTpass answers 500 to three vends: each stays PENDING there, and the breaker opens.
      vtpass.app.vtpass.fault = 'HTTP_500';
      for (let i = 0; i < 3; i++) {
        const res = await api<{ status: string }>(
          'POST',
          'vend',
          { phone: '08031234567', network: 'MTN', type: 'AIRTIME', amount: '100' },
          corp.token,
        );
        expect(res.json.data.status).toBe('PENDING');
      }
      vtpass.app.vtpass.fault = null;
      await page.reload();
      const open = await vtpassCard(page, 'Open');
      await expect.poll(() => open.textContent()).toMatch(/3 of the last 3 calls went wrong/);
      await shootBoth(page, 'open', 'Open');

      // The admin closes it: a reason and the password.
      await (await vtpassCard(page, 'Open')).getByRole('button', { name: 'Close' }).click();
      const dialog = page.getByRole('dialog');
      await field(dialog, 'Reason').fill('VTpass confirmed the fix');
      await field(dialog, 'Password').fill(E2E_ADMIN_PASSWORD);
      await dialog.getByRole('button', { name: 'Close breaker' }).click();
      await page.getByText('Provider closed: new vends go to it again').waitFor();
      await vtpassCard(page, 'Closed');

      // And forces it open.
      await (await vtpassCard(page, 'Closed')).getByRole('button', { name: 'Force open' }).click();
      await field(dialog, 'Reason').fill('VTpass maintenance until 14:00');
      await field(dialog, 'Password').fill(E2E_ADMIN_PASSWORD);
      await dialog.getByRole('button', { name: 'Force open' }).click();
      const forced = await vtpassCard(page, 'Open');
      await forced.getByText('Forced by an admin').waitFor();
      await shootBoth(page, 'forced-open', 'Open');
    } finally {
      await context.close();
    }
  });
});

// The Paystack journeys' shared set-up: the local stand-in (mocks/paystack) started in-process, a
// server of their own with CARD_GATEWAY=paystack pointed at it and a fast job runner, the
// stand-in's signed webhooks sent to that server; and the wallet balance and screenshots they read.
import path from 'node:path';
import type { WalletBalanceView } from '@vendport/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { MOCK_SECRET_KEY, startPaystackMock } from '../mocks/paystack/server.ts';
import { type E2eServer, startServer } from './global-setup';
import {
  adminToken,
  api,
  type Corporate,
  E2E_ADMIN_PASSWORD,
  PNG_2X2,
  SCREENSHOTS,
  useServer,
} from './support';

export const PAYSTACK_WEBHOOK = '/api/v1/payments/paystack/webhook';
export const SHOTS = SCREENSHOTS;

type PaystackMock = Awaited<ReturnType<typeof startPaystackMock>>;

/** Starts the stand-in and a server for this file (beforeAll), and stops both (afterAll). */
export function usePaystackServer(name: string, env: Record<string, string> = {}) {
  const ctx: { mock: PaystackMock; server: E2eServer } = {} as never;
  beforeAll(async () => {
    ctx.mock = await startPaystackMock({ port: 0 });
    ctx.server = await startServer(name, {
      CARD_GATEWAY: 'paystack',
      PAYSTACK_BASE_URL: ctx.mock.baseUrl,
      PAYSTACK_SECRET_KEY: MOCK_SECRET_KEY,
      JOBS_POLL_MS: '200',
      ...env,
    });
    useServer(ctx.server);
    ctx.mock.app.paystack.webhookUrl = `${ctx.server.baseURL}${PAYSTACK_WEBHOOK}`;
  });
  afterAll(async () => {
    useServer(null);
    await ctx.mock?.app.close();
    await ctx.server?.stop();
  });
  return ctx;
}

export const balanceOf = async (token: string) =>
  (await api<WalletBalanceView>('GET', 'get-wallet-balance', undefined, token)).json.data.balanceKobo;

/**
 * The client's business verified as on the verification screens: its documents uploaded,
 * verification requested, approved by an admin (password-confirmed). A dedicated account needs it.
 */
export async function verifyBusiness(baseURL: string, corp: Corporate) {
  for (const kind of ['CERTIFICATE_OF_INCORPORATION', 'DIRECTOR_ID']) {
    const form = new FormData();
    form.append('kind', kind);
    form.append('documents', new Blob([PNG_2X2], { type: 'image/png' }), `${kind.toLowerCase()}.png`);
    const up = await fetch(`${baseURL}/api/v1/upload-documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${corp.token}` },
      body: form,
    });
    expect(up.status, await up.text()).toBe(201);
  }
  expect((await api('POST', 'request-verification', undefined, corp.token)).status).toBe(200);
  const verified = await api(
    'PUT',
    'verifications/verify',
    { corporateId: corp.user.corporate!.id, password: E2E_ADMIN_PASSWORD },
    await adminToken(),
  );
  expect(verified.status).toBe(200);
}

/** Full-page screenshots at 1366×800 and 390×844, then back to 1366×800. */
export async function shots(page: Page, name: string) {
  for (const [w, h] of [
    [1366, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: path.join(SHOTS, `e2e-${name}-${w}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
}

// Journey 67: the Developers page. A client opens Developers from the sidebar, sees the base URL and
// the generated samples in each language, sets its webhook URL (Settings) to a listener this test
// starts on loopback (its own server allows private webhook addresses), clicks "Send test webhook",
// and sees the answer; the listener received the event, and its signature verifies with
// verifyWebhook from @vendport/client, the check the samples tell integrators to use.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../packages/client/src';
import { useBrowser } from './fixtures';
import { type E2eServer, startServer } from './global-setup';
import { newPage, openWithSession, SCREENSHOTS, signUpCorporate, useServer } from './support';

const SHOTS = path.join(SCREENSHOTS, 'developers-page');
const browser = useBrowser();
let server: E2eServer;
let listener: http.Server;
let listenerUrl = '';
const received: { body: Buffer; signature: string }[] = [];

beforeAll(async () => {
  listener = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks),
        signature: String(req.headers['x-vendport-signature'] ?? ''),
      });
      res.statusCode = 200;
      res.end('received');
    });
  });
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/vendport/webhook`;
  server = await startServer('developers', { WEBHOOK_ALLOW_PRIVATE: 'true' });
  useServer(server);
});
afterAll(async () => {
  useServer(null);
  await server?.stop();
  await new Promise((r) => listener?.close(r));
});

async function shots(page: Page, name: string) {
  for (const [w, h] of [
    [1366, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${w}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
}

describe('developers journey', () => {
  it('[DEVELOPERS] a client reads the samples, sends a test webhook to its listener and the signature verifies', async () => {
    const corp = await signUpCorporate('devs');
    const { context, page } = await newPage(browser());
    await page.setViewportSize({ width: 1366, height: 800 });

    // The webhook URL, set in Settings; its signing secret is shown once.
    await openWithSession(page, corp.token, '/dashboard/settings');
    await page.getByRole('textbox', { name: 'Webhook URL' }).fill(listenerUrl);
    await page.getByRole('button', { name: 'Save URL' }).click();
    const secret = (await page.getByTestId('revealed-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();

    // Developers, from the sidebar.
    await page.getByRole('link', { name: 'Developers' }).first().click();
    await page.getByRole('heading', { name: 'Developers', level: 1 }).waitFor();
    const base = await page.getByTestId('sandbox-base-url').innerText();
    expect(base).toBe(`${server.baseURL}/api/v1/api`);
    const vend = page.getByTestId('sample-POST /api/v1/api/vend');
    await expect.poll(() => vend.innerText()).toContain(`curl -X POST '${server.baseURL}/api/v1/api/vend'`);
    // The key in the samples is the masked one until revealed.
    expect(await vend.innerText()).toContain('••••');
    await page.getByRole('tab', { name: 'Node (@vendport/client)' }).click();
    expect(await vend.innerText()).toContain('client.vend({');
    await page.getByRole('tab', { name: 'Python (requests)' }).click();
    expect(await vend.innerText()).toContain('requests.post(');
    await page.getByRole('tab', { name: 'PHP (curl)' }).click();
    expect(await vend.innerText()).toContain('curl_setopt_array');
    await page.getByRole('tab', { name: 'curl', exact: true }).click();

    // Send test webhook: the answer shows, the listener has it, and its signature verifies.
    await page.getByRole('button', { name: 'Send test webhook' }).click();
    const result = page.getByTestId('test-webhook-result');
    await result.waitFor();
    expect(await result.innerText()).toContain('HTTP 200');
    expect(received).toHaveLength(1);
    const event = await verifyWebhook(received[0].body, received[0].signature, secret);
    expect(event.type).toBe('vend.successful');
    expect(event.livemode).toBe(false);
    // A wrong secret does not verify.
    await expect(verifyWebhook(received[0].body, received[0].signature, 'whsec_wrong')).rejects.toThrow();
    await shots(page, 'developers');

    await page.getByRole('link', { name: 'Webhook delivery log (resend an event)' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await context.close();
  });
});

// The README's quickstart as written: its ```ts blocks, run in order as one module against the API
// started in-process, with only the base URL, the sandbox key, the webhook secret and the port put
// in place of the README's placeholders.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningApi, startApi, until } from './server';

const pkg = path.resolve(import.meta.dirname, '..');
const tmp = path.join(pkg, '.tmp');
let api: RunningApi;
let mod: { server?: Server } = {};

/** The README's ```ts blocks, in order. */
export function codeBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
}

/** Replaces `from` (which must occur exactly once) by `to`. */
function substitute(code: string, from: string, to: string): string {
  const n = code.split(from).length - 1;
  if (n !== 1) throw new Error(`The README's quickstart should hold ${from} once (found ${n})`);
  return code.replace(from, () => to);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await new Promise((r) => (mod.server ? mod.server.close(r) : r(null)));
  await api?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('[CLIENT] README quickstart', () => {
  it('[CLIENT] extracts the blocks: client, vend, respond-async, webhook receiver', () => {
    const blocks = codeBlocks(readFileSync(path.join(pkg, 'README.md'), 'utf8'));
    expect(blocks).toHaveLength(4);
    expect(blocks[0]).toMatch(/createVendPortClient/);
    expect(blocks[3]).toMatch(/verifyWebhook/);
  });

  it('[CLIENT] typechecks as written against the generated types', () => {
    const dir = path.join(tmp, 'typecheck');
    mkdirSync(dir, { recursive: true });
    const code = codeBlocks(readFileSync(path.join(pkg, 'README.md'), 'utf8')).join('\n');
    writeFileSync(path.join(dir, 'quickstart.ts'), `${code}\nexport {};\n`);
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({ extends: '../../tsconfig.json', include: ['quickstart.ts'] }),
    );
    const tsc = path.resolve(pkg, '../../node_modules/.bin/tsc');
    let out = '';
    try {
      execFileSync(tsc, ['-p', dir], { encoding: 'utf8', stdio: 'pipe' });
    } catch (err) {
      out = String((err as { stdout?: string }).stdout ?? err);
    }
    expect(out).toBe('');
  });

  it('[CLIENT] runs as written: sandbox money, a vend, a typed refusal, waitForVend, a verified webhook', async () => {
    const port = await freePort();
    const set = await api.portal('POST', 'web-hook-url', {
      url: `http://127.0.0.1:${port}/vendport/webhook`,
    });
    const secret: string = set.json().data.secret;

    let code = codeBlocks(readFileSync(path.join(pkg, 'README.md'), 'utf8')).join('\n');
    code = substitute(code, "'https://vendport.example'", JSON.stringify(api.baseUrl));
    code = substitute(code, "'vpk_test_xxxxxxxxxxxxxxxxxxxxxxxx'", JSON.stringify(api.sandboxKey));
    code = substitute(code, "'whsec_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'", JSON.stringify(secret));
    code = substitute(code, 'server.listen(3000)', `server.listen(${port}, '127.0.0.1')`);
    code += '\nexport { client, result, final, server };\n';
    mkdirSync(tmp, { recursive: true });
    const file = path.join(tmp, `quickstart-${Date.now()}.ts`);
    writeFileSync(file, code);

    const logs: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => {
      logs.push(a.join(' '));
    });
    try {
      mod = await import(pathToFileURL(file).href);
      const { result, final } = mod as unknown as {
        result: { vend: { id: string; reference: string; status: string; charged: string } };
        final: { status: string };
      };
      expect(logs[0]).toMatch(/^Sandbox balance: ₦/);
      expect(result.vend.status).toBe('SUCCESSFUL');
      expect(logs).toContain(`${result.vend.reference} SUCCESSFUL ${result.vend.charged}`);
      expect(logs.some((l) => /^Refused: 400 VALIDATION_ERROR /.test(l))).toBe(true);
      expect(final.status).toBe('SUCCESSFUL');

      // The README's receiver verifies the delivery and answers 200 (400 if the check failed).
      const line = `Webhook vend.successful: ${result.vend.reference} is SUCCESSFUL (livemode false)`;
      await until(
        async () => {
          await api.deliverWebhooks();
          return logs.includes(line);
        },
        15_000,
        'the README receiver to verify the webhook',
      );
      expect(logs.filter((l) => l.startsWith('Webhook refused'))).toEqual([]);
      const deliveries = (await api.portal('GET', 'webhooks/deliveries')).json().data;
      const mine = deliveries.find((d: { vendId: string }) => d.vendId === result.vend.id);
      expect(mine).toMatchObject({ eventType: 'vend.successful', status: 'DELIVERED', lastStatusCode: 200 });
    } finally {
      spy.mockRestore();
    }
  });
});

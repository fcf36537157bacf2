// Shared e2e helpers: a headless Chromium, API calls for seeding, and codes from the dev outbox.
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseURL = () => inject('baseURL');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  return { context, page };
}

export async function api<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: { success: boolean; message: string; data: T; errors?: string[] } }> {
  const res = await fetch(`${baseURL()}/api/v1/${url}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: await res.json() };
}

/** The newest 6-digit code emailed to `to` (through the development outbox). */
export async function latestCode(to: string, subjectPattern?: RegExp): Promise<string> {
  const { json } = await api<Array<{ to: string; subject: string; text: string }>>('GET', `dev/outbox?to=${encodeURIComponent(to)}`);
  const mail = json.data.find((m) => m.to === to && (!subjectPattern || subjectPattern.test(m.subject)));
  const code = mail && /\b(\d{6})\b/.exec(mail.text);
  if (!code) throw new Error(`no code emailed to ${to}`);
  return code[1];
}

export const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@e2e.vendport.test`;

export const SCREENSHOTS = new URL('./screenshots/', import.meta.url).pathname;

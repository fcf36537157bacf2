// Set-up the journey files share: a connection to the run's Chromium per file (made before its
// tests, closed after them with the pages it opened), and a new client signed in through the
// login screen in a page of its own.
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import {
  type Corporate,
  connectBrowser,
  newPage,
  signInBrowser,
  signUpCorporate,
  waitForPath,
} from './support';

/**
 * Registers the file's beforeAll and afterAll for its connection to the run's headless Chromium
 * (global-setup starts it); call it at the top of the file and the returned function gives the
 * browser inside tests. `screenshots` is a folder made before the tests (for journeys that save
 * screenshots).
 */
export function useBrowser(options: { screenshots?: string } = {}): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (options.screenshots) mkdirSync(options.screenshots, { recursive: true });
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('useBrowser: the browser is only there inside the tests');
    return browser;
  };
}

/**
 * A new client (signUpCorporate with `tag`) signed in through the login screen and the emailed
 * second factor, in a new page that has landed on /dashboard.
 */
export async function signedInClient(
  browser: Browser,
  tag: string,
): Promise<{ corp: Corporate; context: BrowserContext; page: Page }> {
  const corp = await signUpCorporate(tag);
  const { context, page } = await newPage(browser);
  await signInBrowser(page, corp.email, corp.password);
  await waitForPath(page, '/dashboard');
  return { corp, context, page };
}

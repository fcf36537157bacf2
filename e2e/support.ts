// Shared e2e helpers: a connection to the run's Chromium, API calls for seeding, codes from the
// dev outbox, signed-in users (corporate and the seeded super admin), and the checks the
// journeys share (toasts top-right, the session in the browser).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BillerView, SessionUser } from '@vendport/shared';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Download,
  type Locator,
  type Page,
} from 'playwright-core';
import { expect, inject } from 'vitest';

/** What the helpers need of the server they talk to (the run's shared one unless a file has its own). */
type ServerContext = { baseURL: string; adminEmail: string; adminPassword: string; dataDir: string };
let ownServer: ServerContext | null = null;

/**
 * Points this file's helpers (api, the sign-ins, new pages, adminToken...) at a server the file
 * started itself (global-setup's startServer), for journeys that need other settings; null goes
 * back to the run's shared server. The journey files share this module (one process, e2e
 * vitest.config.ts): a file that points it at its own server points it back in its afterAll.
 */
export function useServer(server: ServerContext | null): void {
  ownServer = server ? { ...server } : null;
}

const server = <K extends keyof ServerContext>(key: K): ServerContext[K] =>
  ownServer ? ownServer[key] : inject(key);

export const baseURL = () => server('baseURL');

export const TIMEZONE = 'Africa/Lagos';

/**
 * A connection to the run's Chromium (started once by global-setup: a launch per file cost 1-2 s
 * of CPU, 33 times). Each page is still made in a new context (newPage), so files share no
 * cookies, storage or cache; closing the connection closes the contexts it made.
 */
export async function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserWSEndpoint'));
}

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: 1366, height: 860 },
    // The portal's market: dates on screen are Lagos dates whatever the machine's zone.
    timezoneId: TIMEZONE,
    locale: 'en-NG',
  });
  // Fail a step well inside the test timeout, with Playwright's own message.
  context.setDefaultTimeout(15_000);
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
  const { json } = await api<Array<{ to: string; subject: string; text: string }>>(
    'GET',
    `dev/outbox?to=${encodeURIComponent(to)}`,
  );
  const mail = json.data.find((m) => m.to === to && (!subjectPattern || subjectPattern.test(m.subject)));
  const code = mail && /\b(\d{6})\b/.exec(mail.text);
  if (!code) throw new Error(`no code emailed to ${to}`);
  return code[1];
}

export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@e2e.vendport.test`;

export const SCREENSHOTS = new URL('./screenshots/', import.meta.url).pathname;

/** The screens a journey is photographed at: a laptop and a phone. */
export const VIEWPORTS = [
  { width: 1366, height: 800 },
  { width: 390, height: 844 },
] as const;

/** A real 2x2 PNG (an upload the server accepts as an image by its content, and shows as one). */
export const PNG_2X2 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNkYPjPwMDAxMDAwMDAAAAfGQEDYfYKMQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * What a download holds, as the browser saved it. The run's Chromium is shared over a connection
 * (global-setup), and over one Playwright hands a download over by saveAs only, not by path().
 */
export async function downloaded(download: Download, encoding: BufferEncoding = 'utf8'): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vp-e2e-download-'));
  try {
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    return readFileSync(file, encoding);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Waits for what a person would: fonts, images, no page-loading bar; then the full page. */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images).map((img) =>
        img.complete ? null : new Promise((r) => img.addEventListener('load', r, { once: true })),
      ),
    );
  });
  await page.getByRole('progressbar', { name: 'Loading page' }).waitFor({ state: 'detached' });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

// ---------------------------------------------------------------- waiting for what the user sees

/** Polls `fn` until the assertion holds (no fixed sleeps): for values read from the page. */
export const eventually = <T>(fn: () => T | Promise<T>) =>
  expect.poll(fn, { timeout: 15_000, interval: 100 });

/** The path the page shows now, once it has settled on `path` (exact, query ignored). */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((u) => u.pathname === pathname);
}

/**
 * The input labelled exactly `label`. Labels of required fields end with a decorative `*`
 * (aria-hidden, but part of the label's text), hence the optional star.
 */
export function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`));
}

export const SESSION_COOKIE = 'vendport_access_token';
export const PROFILE_KEY = 'vendport.profile';

/** The access token the browser holds (the session cookie), or null. */
export async function browserToken(context: BrowserContext): Promise<string | null> {
  const c = (await context.cookies()).find((x) => x.name === SESSION_COOKIE);
  return c?.value ?? null;
}

/** The profile the browser keeps in local storage, or null. */
export async function storedProfile(page: Page): Promise<SessionUser | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), PROFILE_KEY);
  return raw ? (JSON.parse(raw) as SessionUser) : null;
}

type Rect = { x: number; y: number; width: number; height: number };

/**
 * What a toast at `box` hides that the user may have to press next: the header bar, a primary
 * action (primary or danger button, a submit button, a page header's actions), an open dialog's
 * buttons and fields. Named, for the failure message; empty when it hides none of them.
 */
export async function toastCovers(page: Page, box: Rect): Promise<string[]> {
  return page.evaluate((b) => {
    const hits: string[] = [];
    const meets = (r: DOMRect) =>
      r.width > 0 &&
      r.height > 0 &&
      r.left < b.x + b.width &&
      r.right > b.x &&
      r.top < b.y + b.height &&
      r.bottom > b.y;
    const header = document.querySelector('[data-app-header]');
    if (header && meets(header.getBoundingClientRect())) hits.push('the header bar');
    // With a dialog open, its controls (the page behind it cannot be pressed); else the page's
    // primary actions.
    const dialog = document.querySelector('[role="dialog"][aria-modal="true"]');
    const controls = dialog
      ? dialog.querySelectorAll('button, a[href], input, select, textarea')
      : document.querySelectorAll('[data-toast-keep-clear], button[type="submit"]');
    for (const el of Array.from(controls)) {
      if (el.closest('[data-rht-toaster]')) continue;
      if (meets(el.getBoundingClientRect()))
        hits.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim()}"`,
        );
    }
    return hits;
  }, box);
}

/**
 * The toast showing `text`, checked where spec §2 puts it: top-right of the viewport, above
 * everything (the container's z-index), in the colour of its kind (success dark green, error red).
 * Waits for its entrance animation to finish, as the eye would.
 */
export async function expectToastTopRight(
  page: Page,
  text: string | RegExp,
  kind?: 'success' | 'error',
): Promise<Locator> {
  const message = page.locator('[data-rht-toaster] [role="status"]').filter({ hasText: text });
  await message.first().waitFor({ state: 'visible' });
  const bar = message.first().locator('xpath=..');
  await eventually(() => bar.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('the page has no viewport');
  // The toaster sits 16 px inside the viewport; a top-right toast hugs that corner once its
  // entrance (a scale as well as a fade) has ended, and a toast above it has made room.
  await eventually(async () => {
    const b = await bar.boundingBox();
    return b ? viewport.width - (b.x + b.width) : Number.POSITIVE_INFINITY;
  }).toBeLessThanOrEqual(24);
  // Where it settles: the toaster moves a toast when the page under it changes (a dialog that
  // closes, a success modal that opens), so the box is read once two readings 100 ms apart agree.
  let box = await bar.boundingBox();
  for (let i = 0; i < 30; i++) {
    await page.waitForTimeout(100);
    const again = await bar.boundingBox();
    if (box && again && again.x === box.x && again.y === box.y) break;
    box = again;
  }
  if (!box) throw new Error('the toast has no box');
  expect(box.x).toBeGreaterThan(viewport.width / 2 - box.width);
  // Top-right, though below the header bar and clear of the primary action or the button just
  // pressed in that corner: in the upper half of the screen.
  expect(box.y).toBeLessThanOrEqual(viewport.height / 2);
  expect(await toastCovers(page, box)).toEqual([]);
  const zIndex = await page
    .locator('[data-rht-toaster]')
    .evaluate((el) => Number(getComputedStyle(el).zIndex));
  expect(zIndex).toBeGreaterThanOrEqual(9999);
  if (kind) {
    const bg = await bar.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).toBe(kind === 'success' ? 'rgb(20, 83, 45)' : 'rgb(220, 38, 38)');
  }
  return message.first();
}

// ---------------------------------------------------------------- users

export const SIGN_IN_CODE = /sign-in code/i;
export const VERIFY_CODE = /verify your email/i;

/** The password the admin journey (02) gives the seeded super admin; adminToken() uses it too. */
export const E2E_ADMIN_PASSWORD = 'E2e-Admin-Lagos-Passphrase-7';

export const adminEmail = () => server('adminEmail');

type LoginData = { user: SessionUser; access_token: string };

async function must<T>(res: Promise<{ status: number; json: { message: string; data: T } }>, what: string) {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: HTTP ${r.status} ${r.json.message}`);
  return r.json.data;
}

/** Completes the second factor of `token` with the code just emailed to `email`. */
async function completeTwoFactor(email: string, token: string): Promise<void> {
  await must(api('POST', '2fa', { code: await latestCode(email, SIGN_IN_CODE) }, token), '2fa');
}

/** The file where the admin bearer token is kept for later spec files (inside the run's data dir). */
const adminTokenFile = () => path.join(server('dataDir'), 'e2e', 'admin-token');

/**
 * A bearer token of the seeded super admin, 2FA complete, whether or not the admin journey (02)
 * already ran: with the default password still in place, the change to E2E_ADMIN_PASSWORD is
 * made through the API first. The token is kept for the rest of the run (emailed sign-in codes
 * are limited to five an hour per user), and replaced when the server no longer accepts it.
 */
export async function adminToken(): Promise<string> {
  const file = adminTokenFile();
  try {
    const cached = readFileSync(file, 'utf8').trim();
    const me = await api<{ user: SessionUser }>('GET', 'me', undefined, cached);
    if (me.status === 200 && me.json.data.user.is2faAuthenticated) return cached;
  } catch {
    // no token kept yet
  }
  const email = adminEmail();
  let login = await api<LoginData>('POST', 'login', { email, password: E2E_ADMIN_PASSWORD });
  if (login.status === 401) {
    login = await api<LoginData>('POST', 'login', { email, password: server('adminPassword') });
  }
  if (login.status !== 200) throw new Error(`admin login: HTTP ${login.status} ${login.json.message}`);
  const token = login.json.data.access_token;
  if (login.json.data.user.defaultPassword) {
    await must(
      api(
        'POST',
        'change-password',
        {
          current_password: server('adminPassword'),
          new_password: E2E_ADMIN_PASSWORD,
          confirm_password: E2E_ADMIN_PASSWORD,
        },
        token,
      ),
      'admin change-password',
    );
  }
  await completeTwoFactor(email, token);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, token);
  return token;
}

export type Corporate = {
  email: string;
  password: string;
  /** Bearer token of the sign-up session, 2FA complete. */
  token: string;
  firstName: string;
  lastName: string;
  company: string;
  user: SessionUser;
};

let corporates = 0;

/** A new corporate client through the API: registered, email verified, 2FA complete. */
export async function signUpCorporate(tag = 'corp'): Promise<Corporate> {
  corporates += 1;
  const email = uniqueEmail(tag);
  const password = `Lagos-Vend-${Math.random().toString(36).slice(2, 10)}`;
  const firstName = 'Ada';
  const lastName = 'Okafor';
  // Unique across test files (each file counts from 1): journeys find a client by its name.
  const company = `Okafor Telecoms ${corporates}${Math.random().toString(36).slice(2, 5).toUpperCase()} Ltd`;
  const reg = await must(
    api<LoginData>('POST', 'register', {
      company_name: company,
      first_name: firstName,
      last_name: lastName,
      email,
      msisdn: '0803 123 4567',
      password,
    }),
    'register',
  );
  const token = reg.access_token;
  await must(
    api('POST', 'verify-email', { code: await latestCode(email, VERIFY_CODE) }, token),
    'verify-email',
  );
  await completeTwoFactor(email, token);
  const me = await must(api<{ user: SessionUser }>('GET', 'me', undefined, token), 'me');
  return { email, password, token, firstName, lastName, company, user: me.user };
}

/**
 * Signs in through the login screen, including the emailed 2FA code, and waits for the area
 * the user lands in (/dashboard or /admin-dashboard). For a user whose email is verified and
 * whose password is not a default one.
 */
export async function signInBrowser(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await submitSignIn(page, email, password);
  await page.waitForURL((u) => u.pathname === '/dashboard' || u.pathname === '/admin-dashboard');
}

/** Fills the login form the page shows now, then the emailed second factor, and submits it. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await field(page, 'Email address').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await passTwoFactor(page, email);
}

/** Once the page reaches /2fa: the emailed sign-in code, then Verify and continue. */
export async function passTwoFactor(page: Page, email: string): Promise<void> {
  await waitForPath(page, '/2fa');
  await field(page, 'Email code').fill(await latestCode(email, SIGN_IN_CODE));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
}

/**
 * Puts an existing API session into the browser the way the app persists one (token cookie,
 * profile in local storage), then opens `to`. Used for the admin, whose emailed sign-in codes
 * are rationed: the journeys that test signing in do it through the screens. The profile is
 * written from a page of the app's origin that is not the app (the liveness probe's JSON): the
 * app itself is loaded once, at `to`, with the session already in place.
 */
export async function openWithSession(page: Page, token: string, to: string): Promise<void> {
  const me = await must(api<{ user: SessionUser }>('GET', 'me', undefined, token), 'me');
  // The cookie as the app sets it (spec §9): secure, same-site strict, path /, session-long.
  await page
    .context()
    .addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL(), secure: true, sameSite: 'Strict' }]);
  await page.goto('/api/v1/health/live');
  await page.evaluate(({ key, profile }) => window.localStorage.setItem(key, JSON.stringify(profile)), {
    key: PROFILE_KEY,
    profile: me.user,
  });
  await page.goto(to);
}

// ---------------------------------------------------------------- vending

/**
 * What a fresh client needs to vend: services are assigned by an admin (a new client has none),
 * so the default ones (the aggregator services of every network) are assigned; then the admin
 * funds the wallet with `amount` naira.
 */
export async function readyToVend(admin: string, corporateId: string, amount: string): Promise<void> {
  const services = await must(
    api<Array<{ id: string }>>('GET', 'services?status=ACTIVE&platform=AGGREGATOR', undefined, admin),
    'services',
  );
  await must(
    api('POST', 'services/assign', { corporateId, serviceIds: services.map((s) => s.id) }, admin),
    'services/assign',
  );
  await must(
    api(
      'POST',
      'fund',
      { corporateId, amount, reason: 'E2E vending float', password: E2E_ADMIN_PASSWORD },
      admin,
    ),
    'fund',
  );
}

/** Assigns the client every biller (issue 51); returns them as the admin lists them. */
export async function assignAllBillers(admin: string, corporateId: string): Promise<BillerView[]> {
  const billers = await must(api<BillerView[]>('GET', 'admin/billers', undefined, admin), 'admin/billers');
  await must(
    api('POST', 'admin/billers/assign', { corporateId, billerIds: billers.map((b) => b.id) }, admin),
    'admin/billers/assign',
  );
  return billers;
}

/** A new client ready to pay bills (issue 51): funded with ₦100,000 and assigned every biller. */
export async function billClient(tag: string) {
  const admin = await adminToken();
  const corp = await signUpCorporate(tag);
  const corporateId = corp.user.corporate!.id;
  await readyToVend(admin, corporateId, '100000');
  const billers = await assignAllBillers(admin, corporateId);
  return { admin, corp, billers };
}

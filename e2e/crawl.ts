// What the class tests (a kind of defect over every screen) share: one client with something in
// every table of both areas, seeded through the API, and every route of both areas from the web
// app's own path lists (apps/web/src/app/route-paths.ts), with each `:param` filled from the seed.
// A route added to an area is crawled by every class test; a new `:param` without a seeded value
// fails loudly here rather than being skipped.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ADMIN_AREA, ADMIN_PATHS, CLIENT_AREA, CLIENT_PATHS } from '../apps/web/src/app/route-paths.ts';
import { adminToken, api, type Corporate, E2E_ADMIN_PASSWORD, readyToVend, signUpCorporate } from './support';

export type Seeded = {
  admin: string;
  corp: Corporate;
  corporateId: string;
  vendId: string;
  roleId: string;
  clientRoleId: string;
  memberId: string;
  clientMemberId: string;
};

async function ok<T>(res: Promise<{ status: number; json: { message: string; data: T } }>, what: string) {
  const r = await res;
  expect(r.status, `${what}: ${r.json.message}`).toBeLessThan(300);
  return r.json.data;
}

/**
 * A client with rows in every table either area shows: vends (successful airtime and data, one
 * failed, one pending), settled and accrued commission, a pending bank transfer, a VTU line
 * funded and consumed, auto top-up on with a subscriber and a run, an allow-listed address and a
 * statement; and the ids the routes with a parameter need.
 */
export async function seedEveryTable(tag: string): Promise<Seeded> {
  const admin = await adminToken();
  const corp = await signUpCorporate(tag);
  const corporateId = corp.user.corporate!.id;
  await readyToVend(admin, corporateId, '50000');
  const digits = () => String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  const line = await ok(
    api<{ id: string }>(
      'POST',
      'vtu/add',
      { name: `MTN line ${tag}`, network: 'MTN', msisdn: `0806${digits()}` },
      admin,
    ),
    'vtu/add',
  );
  await ok(
    api(
      'POST',
      'vtu/fund',
      {
        vtuLine: line.id,
        amount: '150000',
        reference: `DLR-${tag}-${digits()}`,
        password: E2E_ADMIN_PASSWORD,
      },
      admin,
    ),
    'vtu/fund',
  );
  const vend = (body: Record<string, string>) =>
    ok(api<{ id: string; status: string }>('POST', 'vend', body, corp.token), 'vend');
  const first = await vend({ phone: '08031234567', type: 'AIRTIME', amount: '1500' });
  await vend({ phone: '08051234567', type: 'DATA', planCode: 'GLO-1GB-14D' });
  await ok(
    api('POST', 'commissions/settle', { corporateId, password: E2E_ADMIN_PASSWORD }, admin),
    'commissions/settle',
  );
  await vend({ phone: '07031234569', type: 'AIRTIME', amount: '2000' });
  await vend({ phone: '+2348000000002', network: 'AIRTEL', type: 'AIRTIME', amount: '200' });
  await vend({ phone: '+2348000000007', network: 'MTN', type: 'AIRTIME', amount: '1000' });
  await ok(
    api('POST', 'fund-request', { amount: '20000', transferReference: `CRAWL-${digits()}` }, corp.token),
    'fund-request',
  );
  await ok(
    api(
      'PUT',
      'corporate-clients/auto-topup',
      { corporateId, enabled: true, password: E2E_ADMIN_PASSWORD },
      admin,
    ),
    'corporate-clients/auto-topup',
  );
  await ok(
    api(
      'POST',
      'auto-topup/settings',
      {
        enabled: true,
        defaultTime: '08:00',
        dailyCap: '5000',
        monthlyCap: '50000',
        insufficientFundsPolicy: 'SKIP_NOTIFY',
      },
      corp.token,
    ),
    'auto-topup/settings',
  );
  const subscriber = await ok(
    api<{ id: string }>(
      'POST',
      'auto-topup/subscribers',
      {
        name: 'Amaka Nwosu',
        phone: '08031110001',
        network: 'MTN',
        type: 'AIRTIME',
        amount: '100',
        frequency: 'DAILY',
        time: '08:00',
      },
      corp.token,
    ),
    'auto-topup/subscribers',
  );
  await ok(api('POST', `auto-topup/subscribers/${subscriber.id}/run`, {}, corp.token), 'run now');
  await ok(api('POST', 'ip/add', { address: '203.0.113.7' }, corp.token), 'ip/add');
  const roles = await ok(api<Array<{ id: string }>>('GET', 'roles', undefined, admin), 'roles');
  const clientRoles = await ok(
    api<Array<{ id: string }>>('GET', 'roles', undefined, corp.token),
    'client roles',
  );
  const members = await ok(api<Array<{ id: string }>>('GET', 'admins/list', undefined, admin), 'admins');
  const clientMembers = await ok(
    api<Array<{ id: string }>>('GET', 'admins/list', undefined, corp.token),
    'team',
  );
  return {
    admin,
    corp,
    corporateId,
    vendId: first.id,
    roleId: roles[0].id,
    clientRoleId: clientRoles[0].id,
    memberId: members[0].id,
    clientMemberId: clientMembers[0].id,
  };
}

export type Area = 'client' | 'admin';
export type Route = { area: Area; path: string; url: string };

/** Every route of both areas, each `:param` filled from the seed (an unknown one throws). */
export function everyRoute(s: Seeded): Route[] {
  const params: Record<Area, Record<string, string>> = {
    client: { id: s.vendId },
    admin: { id: s.vendId, corporateId: s.corporateId },
  };
  // Routes whose `:id` is not a vend's.
  const byPath: Record<Area, Record<string, string>> = {
    client: {
      'admin-management/edit-role/:id': s.clientRoleId,
      'admin-management/view-role/:id': s.clientRoleId,
      'admin-management/view-member/:id': s.clientMemberId,
    },
    admin: {
      'auto-top-up/:id': s.corporateId,
      'accounts/:id': s.corporateId,
      'sales-valuation/:id': s.corporateId,
      'admin-management/edit-role/:id': s.roleId,
      'admin-management/view-role/:id': s.roleId,
      'admin-management/view-member/:id': s.memberId,
    },
  };
  const fill = (area: Area, path: string) =>
    path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      const value = byPath[area][path] ?? params[area][name];
      if (!value) throw new Error(`crawl: no seeded value for :${name} in ${area} route ${path}`);
      return value;
    });
  return [
    ...CLIENT_PATHS.map((path) => ({
      area: 'client' as const,
      path,
      url: `${CLIENT_AREA}/${fill('client', path)}`,
    })),
    ...ADMIN_PATHS.map((path) => ({
      area: 'admin' as const,
      path,
      url: `${ADMIN_AREA}/${fill('admin', path)}`,
    })),
  ].map((r) => ({ ...r, url: r.url.replace(/\/$/, '') }));
}

/**
 * Opens `url` and waits for what a person waits for: the page title, no loading bar, no spinner
 * (tables and cards have their rows).
 */
export async function settle(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page
    .getByRole('heading', { level: 1 })
    .first()
    .waitFor()
    .catch((e: Error) => {
      throw new Error(`${url} shows no title: ${e.message}`);
    });
  await page.getByRole('progressbar', { name: 'Loading page' }).waitFor({ state: 'detached' });
  await noSpinner(page.locator('main'));
}

/** Waits until no spinner is left in `scope` (each one gone in turn). */
export async function noSpinner(scope: Locator): Promise<void> {
  const spinners = scope.locator('[role="status"][aria-label="Loading"]');
  for (let i = 0; i < 50 && (await spinners.count()) > 0; i++)
    await spinners.first().waitFor({ state: 'detached' });
}

/**
 * Checks `ok` once a frame until it holds or `ms` pass (what a submit sets off shows within a few
 * frames); usable outside a test, unlike expect.poll.
 */
export async function until(page: Page, ok: () => Promise<boolean>, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok().catch(() => false)) && Date.now() < end)
    await page
      .evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))))
      .catch(() => undefined);
}

/**
 * Every view of `route`: the route as it opens, then each of its tabs (a tab is a view of its
 * own, with tables and figures of its own). `check` gets a name for failure messages.
 */
export async function eachView(
  page: Page,
  route: Route,
  check: (view: string) => Promise<void>,
): Promise<void> {
  await settle(page, route.url);
  await check(route.url);
  // The page's first tab list (a tab may hold a tab list of its own, which changes as it opens).
  const list = page.locator('main [role="tablist"]').first();
  if ((await list.count()) === 0) return;
  const tabs = await list.locator('[role="tab"]').evaluateAll((ts) =>
    ts.map((t) => ({
      name: (t.textContent ?? '').trim(),
      open: t.getAttribute('aria-selected') === 'true',
    })),
  );
  for (const { name, open } of tabs) {
    if (open) continue;
    await list.locator('[role="tab"]', { hasText: name }).first().click();
    await page.getByRole('progressbar', { name: 'Loading page' }).waitFor({ state: 'detached' });
    await noSpinner(page.locator('main'));
    await check(`${route.url} (${name} tab)`);
  }
}

/** The bearer token a route's area is opened with. */
export const tokenFor = (s: Seeded, route: Route) => (route.area === 'admin' ? s.admin : s.corp.token);

// ---------------------------------------------------------------- forms and the dialogs that hold them

/** Buttons a crawl presses to find dialogs: not these (they act at once, or end the session). */
const NOT_PRESSED =
  /^(Export|Download|Copy|Refresh|Run now|Requery|Retry|Resend|Send test|Previous|Next|Logout|Log out|Sign out|Clear|Dismiss|Mark|Show|Hide|Open menu|Close|Cancel|More details|Fewer details|Today|Yesterday|Last|This|Custom range|Apply|Reset filters|Pause|Resume|Check balance)\b/i;

/**
 * Every form a person can reach on the route's views: the forms on the page, and those of every
 * dialog a button of the page opens (each button pressed once; its dialog closed again before the
 * next). `visit` gets the form, a name for messages, and whether it sits in a dialog.
 */
export async function eachForm(
  page: Page,
  route: Route,
  visit: (form: Locator, name: string) => Promise<void>,
): Promise<void> {
  await eachView(page, route, async (view) => {
    const here = page.url();
    const forms = page.locator('main form:not([role="search"])');
    for (let i = 0; i < (await forms.count()); i++) {
      const form = forms.nth(i);
      if (!(await form.isVisible())) continue;
      await visit(form, `${view}: form "${(await form.getAttribute('aria-label')) ?? i}"`);
      await closeDialogs(page);
      // A form that led elsewhere: back to the view, for the next form.
      if (page.url() !== here) await settle(page, here);
    }
    const names = await page
      .locator('main button:not([role="tab"]):not([type="submit"]):not([aria-expanded])')
      .evaluateAll((bs) =>
        bs
          .filter((b) => !b.closest('form') && !(b as HTMLButtonElement).disabled)
          .map((b) => (b.getAttribute('aria-label') || b.textContent || '').trim())
          .filter((n) => n),
      );
    const url = here;
    // A row's action is pressed on one row: "Fund MTN line 1" and "Fund MTN line 2" open the
    // same dialog (a long name is a row's; its first word says what it does).
    const kind = (n: string) => (n.split(' ').length > 3 ? n.split(' ')[0] : n);
    const pressed = new Set<string>();
    for (const name of [...new Set(names)].filter((n) => !NOT_PRESSED.test(n))) {
      if (pressed.has(kind(name))) continue;
      pressed.add(kind(name));
      const button = page.locator('main').getByRole('button', { name, exact: true }).first();
      if (!(await button.isVisible().catch(() => false)) || !(await button.isEnabled())) continue;
      await button.click();
      // A dialog opens in the render of the click: two frames later it is there or it is not.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const dialog = page.getByRole('dialog');
      if ((await dialog.count()) > 0) {
        await dialog.first().waitFor();
        await noSpinner(dialog);
        const form = dialog.locator('form').first();
        const title = (await dialog.getAttribute('aria-label')) ?? name;
        if ((await form.count()) > 0) await visit(form, `${view}: dialog "${title}" (from "${name}")`);
        await closeDialogs(page);
      }
      // A button or a form that led elsewhere: back to the view, for the next button.
      if (page.url() !== url) await settle(page, url);
    }
  });
}

/** Closes whatever dialogs are open (a result dialog may follow a form's), as a person would. */
export async function closeDialogs(page: Page): Promise<void> {
  for (let i = 0; i < 4 && (await page.getByRole('dialog').count()) > 0; i++) {
    const dialog = page.getByRole('dialog').last();
    const close = dialog.getByRole('button', { name: /^(Cancel|Close|Done|Dismiss|OK|Back)$/ }).first();
    // The dialog may close on its own meanwhile (a result that leaves): nothing to wait for then.
    if ((await close.count()) > 0 && (await close.isEnabled({ timeout: 1_000 }).catch(() => false)))
      await close.click({ timeout: 2_000 }).catch(() => undefined);
    else await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
  }
}

let filled = 0;

/** The limits a money field's hint quotes ("Between ₦50.00 and ₦50,000.00"), in naira text. */
export async function hintOf(input: Locator): Promise<{ min: string; max: string } | null> {
  const ids = ((await input.getAttribute('aria-describedby', { timeout: 2_000 }).catch(() => null)) ?? '')
    .split(/\s+/)
    .filter((id) => id.endsWith('-helper'));
  for (const id of ids) {
    const text = await input.page().locator(`[id="${id}"]`).textContent();
    const m = /Between (₦[\d,.]+) and (₦[\d,.]+)/.exec(text ?? '');
    if (m) return { min: m[1], max: m[2] };
  }
  return null;
}

/** The message under a field (its error), or ''. */
export async function errorOf(input: Locator): Promise<string> {
  const ids = ((await input.getAttribute('aria-describedby', { timeout: 2_000 }).catch(() => null)) ?? '')
    .split(/\s+/)
    .filter((id) => id.endsWith('-error'));
  for (const id of ids) return ((await input.page().locator(`[id="${id}"]`).textContent()) ?? '').trim();
  return '';
}

/**
 * Fills every empty field of `form` with a value a person would type there (by its type, name and
 * label); password fields get `password`, money fields the smallest amount their hint allows.
 */
export async function fillForm(form: Locator, password: string): Promise<void> {
  // Each field marked first: filling one may add or remove others (a type that shows a plan).
  const count = await form
    .locator('input, select, textarea')
    .evaluateAll((els) => els.map((e, i) => e.setAttribute('data-crawl-field', String(i))).length)
    .catch(() => 0);
  for (let i = 0; i < count; i++) {
    const el = form.locator(`[data-crawl-field="${i}"]`);
    if ((await el.count()) === 0) continue;
    if (!(await el.isVisible()) || !(await el.isEditable({ timeout: 1_000 }).catch(() => false))) continue;
    const info = await el
      .evaluate((e) => ({
        tag: e.tagName.toLowerCase(),
        type: (e as HTMLInputElement).type,
        name: (e as HTMLInputElement).name,
        value: (e as HTMLInputElement).value,
        money:
          e.hasAttribute('data-money-input') ||
          ((e as HTMLInputElement).inputMode === 'decimal' &&
            /₦/.test((e as HTMLInputElement).labels?.[0]?.textContent ?? '')),
        label: (e as HTMLInputElement).labels?.[0]?.textContent ?? e.getAttribute('aria-label') ?? '',
        options:
          e.tagName === 'SELECT' ? Array.from((e as HTMLSelectElement).options).map((o) => o.value) : [],
      }))
      .catch(() => null);
    if (!info) continue;
    const what = `${info.name} ${info.label}`.toLowerCase();
    if (['checkbox', 'radio', 'file', 'hidden', 'submit', 'button'].includes(info.type)) continue;
    if (info.tag === 'select') {
      if (!info.value) {
        const option = info.options.find((o) => o);
        if (option) await el.selectOption(option, { timeout: 2_000 }).catch(() => undefined);
      }
      continue;
    }
    if (info.type === 'password' || /password/.test(what)) {
      await el.fill(password, { timeout: 2_000 }).catch(() => undefined);
      continue;
    }
    if (info.value.trim() && !info.money) continue;
    filled += 1;
    let value = `Crawl entry ${filled}`;
    if (info.money) {
      const hint = await hintOf(el);
      value = hint && hint.min !== '₦0.00' ? hint.min.replace('₦', '') : '100';
    } else if (info.type === 'email' || /email/.test(what))
      value = `crawl-${filled}-${Date.now()}@e2e.vendport.test`;
    else if (info.type === 'tel' || /phone|msisdn/.test(what)) value = '8031234567';
    else if (info.type === 'url' || /url|webhook/.test(what)) value = 'https://example.com/hooks/vendport';
    else if (info.type === 'time') value = '08:00';
    else if (info.type === 'date' || /date|day/.test(what)) value = '01/01/2026';
    else if (/\bip\b|address|cidr/.test(what)) value = `198.51.100.${filled % 250}`;
    else if (/code/.test(what)) value = `CRAWL${filled}`;
    else if (/%|percent|commission|rate|count|burst|second/.test(what)) value = '1';
    await el.fill(value, { timeout: 2_000 }).catch(() => undefined);
  }
}

/**
 * With CRAWL_SHOTS=1, a full-page screenshot of the view into e2e/screenshots/crawl-<tag>/ for a
 * person to look at (off by default: the crawl stays fast).
 */
export async function shootView(page: Page, tag: string, view: string): Promise<void> {
  if (process.env.CRAWL_SHOTS !== '1') return;
  const dir = new URL(`./screenshots/crawl-${tag}/`, import.meta.url).pathname;
  mkdirSync(dir, { recursive: true });
  const name =
    view
      .replace(/^\/+/, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .slice(0, 90) || 'home';
  await page.screenshot({ path: `${dir}${name}.png`, fullPage: true });
}

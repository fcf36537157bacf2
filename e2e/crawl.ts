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

// Class tests (issue 53 points 1 and 5), over every form of both areas: the forms on every route
// and tab (the web app's path lists, crawl.ts) and those of every dialog a button there opens.
//
// [FORMS] Each form, filled as a person would, sends its request when submitted, or shows why not
// beside a field the user can see. It fails on a form that does nothing ("Onboard client" for a
// prepaid client: the hidden credit limit failed validation unseen) and on useAppForm's log of
// an error on a field the user cannot see.
//
// [AMOUNTS] Each money field shows its limits as a hint before any error, and refuses 0, -5, an
// amount below the minimum or above the maximum, 1.234, 99999999999999 and letters in words that
// quote those same limits.
//
// Submitting every form changes what it changes, so this file has a server of its own.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eachForm,
  errorOf,
  everyRoute,
  fillForm,
  hintOf,
  type Route,
  type Seeded,
  seedEveryTable,
  tokenFor,
  until,
} from './crawl';
import { useBrowser } from './fixtures';
import { type E2eServer, startServer } from './global-setup';
import { E2E_ADMIN_PASSWORD, newPage, openWithSession, useServer } from './support';

const browser = useBrowser();
let server: E2eServer;
let seeded: Seeded;

/** What the one crawl found, for both classes: each form's outcome, each money field's answers. */
const forms = { failures: [] as string[], sent: [] as string[] };
const amounts = { failures: [] as string[], fields: 0 };

beforeAll(async () => {
  server = await startServer('e2e-forms');
  useServer(server);
  seeded = await seedEveryTable('forms');
  // One walk of every form (each is opened once): its money fields are tried with wrong amounts
  // first (nothing is sent), then it is filled as a person would and sent.
  await crawl(async (page, route) => {
    await eachForm(page, route, async (form, name) => {
      await fillForm(form, passwordFor(route));
      await probeAmounts(form, name);
      await fillForm(form, passwordFor(route));
      if (!NOT_SENT.test(name)) await sendForm(page, form, name);
    });
  });
}, 600_000);

afterAll(async () => {
  useServer(null);
  await server?.stop();
});

/**
 * Forms whose sending would end the crawl's own session or identity (a new password, a reset
 * second factor, the user's own removal): filled and checked, not sent.
 */
const NOT_SENT = /password|two-factor|2fa|deactivate|delete|remove|sign in/i;

const passwordFor = (route: Route) => (route.area === 'admin' ? E2E_ADMIN_PASSWORD : seeded.corp.password);

/** useAppForm's log of an error on a field the user cannot see, as the page writes it. */
const unseen: string[] = [];

/** Opens each area's routes in one page, signed in as that area's user. */
async function crawl(visit: (page: Page, route: Route) => Promise<void>): Promise<void> {
  for (const area of ['client', 'admin'] as const) {
    const { context, page } = await newPage(browser());
    await page.setViewportSize({ width: 1366, height: 800 });
    page.on('console', (m) => {
      if (m.type() === 'error' && m.text().startsWith('[form]')) unseen.push(m.text());
    });
    const routes = everyRoute(seeded).filter((r) => r.area === area);
    await openWithSession(page, tokenFor(seeded, routes[0]), routes[0].url);
    for (const route of routes) await visit(page, route);
    await context.close();
  }
}

/** Submits `form` as its submit button would, waiting for what follows (a request, or messages). */
async function submit(form: Locator): Promise<void> {
  await form.evaluate((f) => (f as HTMLFormElement).requestSubmit());
  // Two frames: what the submit renders is on the page (a submit that leads elsewhere ends it).
  await form
    .page()
    .evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
    .catch(() => undefined);
}

/** Submits a filled form: it must send its request, or say why beside a field the user can see. */
async function sendForm(page: Page, form: Locator, name: string): Promise<void> {
  const requests: string[] = [];
  const onRequest = (r: { url(): string; method(): string }) => {
    if (r.url().includes('/api/v1/') && r.method() !== 'GET') requests.push(`${r.method()} ${r.url()}`);
  };
  page.on('request', onRequest);
  unseen.length = 0;
  await submit(form);
  const errors = form.locator('[id$="-error"]');
  // A request goes out, or messages are shown: whichever comes, once the page has rendered.
  await until(page, async () => requests.length + (await errors.count()) + unseen.length > 0);
  page.off('request', onRequest);
  const shown = (await errors.allTextContents().catch(() => [] as string[]))
    .map((t) => t.trim())
    .filter(Boolean);
  if (unseen.length) forms.failures.push(`${name}: ${unseen.join('; ')}`);
  else if (requests.length) forms.sent.push(name);
  else if (shown.length === 0) forms.failures.push(`${name}: submitted, sent nothing and said nothing`);
}

const BAD_AMOUNTS = ['0', '-5', 'below', 'above', '1.234', '99999999999999', 'abc'] as const;

/** An amount just outside the hint's range: a kobo under the minimum, a naira over the maximum. */
function outside(which: 'below' | 'above', hint: { min: string; max: string }): string | null {
  const kobo = (naira: string) => Number(naira.replace(/[₦,.]/g, ''));
  if (which === 'below') {
    const min = kobo(hint.min);
    return min > 0 ? ((min - 1) / 100).toFixed(2) : null;
  }
  return ((kobo(hint.max) + 100) / 100).toFixed(2);
}

/** Each money field of the form: its hint, then each wrong amount's refusal quoting the hint. */
async function probeAmounts(form: Locator, name: string): Promise<void> {
  // A money field: the shared MoneyInput, or any decimal field labelled in naira.
  await form
    .locator('input')
    .evaluateAll((inputs) => {
      for (const e of inputs as HTMLInputElement[])
        if (
          e.hasAttribute('data-money-input') ||
          (e.inputMode === 'decimal' && /₦/.test(e.labels?.[0]?.textContent ?? ''))
        )
          e.setAttribute('data-crawl-money', '');
    })
    .catch(() => undefined);
  const money = form.locator('[data-crawl-money]');
  for (let i = 0; i < (await money.count()); i++) {
    const input = money.nth(i);
    if (!(await input.isVisible())) continue;
    amounts.fields += 1;
    const label = `${name}, ${(await input.evaluate((e) => (e as HTMLInputElement).labels?.[0]?.textContent ?? '')).trim()}`;
    await input.fill('');
    const hint = await hintOf(input);
    if (!hint) {
      amounts.failures.push(`${label}: no "Between … and …" hint`);
      continue;
    }
    if ((await errorOf(input)) !== '') amounts.failures.push(`${label}: an error before anything was typed`);
    for (const bad of BAD_AMOUNTS) {
      const value = bad === 'below' || bad === 'above' ? outside(bad, hint) : bad;
      if (value === null) continue;
      await input.fill(value);
      await submit(form);
      let message = '';
      await until(form.page(), async () => {
        message = await errorOf(input);
        return message !== '';
      });
      if (!message.includes(hint.min) || !message.includes(hint.max))
        amounts.failures.push(`${label} = ${value}: "${message}" does not quote ${hint.min} and ${hint.max}`);
    }
  }
}

describe('every form', () => {
  it('[FORMS] every form of both areas, filled, sends its request or says why beside a field the user can see', () => {
    expect(forms.failures).toEqual([]);
    // The crawl reached the forms it is about: the onboarding form among them.
    expect(forms.sent.some((n) => n.includes('Onboard client'))).toBe(true);
  });
});

describe('every money field', () => {
  it('[AMOUNTS] every money field shows its limits before any error, and every refusal quotes them', () => {
    expect(amounts.failures).toEqual([]);
    expect(amounts.fields).toBeGreaterThan(10);
  });
});

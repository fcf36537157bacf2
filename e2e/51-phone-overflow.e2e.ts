// Class test (issue 53 point 7): on a phone (390×844) no screen scrolls sideways. Every route of
// both areas (the web app's path lists) and each of its tabs, with rows in every table (crawl.ts
// seeds them), is opened at 390×844; it fails when the page is wider than the screen or when a
// table, rather than showing its rows as cards, is wider than its box (amount and status pushed
// out of sight). The visually hidden copy of a chart's figures (a table for screen readers) is
// not shown and is left out; it must still not widen the page.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { eachView, everyRoute, type Seeded, seedEveryTable, shootView, tokenFor } from './crawl';
import { useBrowser } from './fixtures';
import { newPage, openWithSession, SCREENSHOTS } from './support';

const browser = useBrowser({ screenshots: SCREENSHOTS });
let seeded: Seeded;
beforeAll(async () => {
  seeded = await seedEveryTable('phone');
});

/** What runs off the side: the page, and every shown table wider than its box. */
const overflowOf = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const page = document.documentElement.scrollWidth;
    if (page > window.innerWidth) {
      // The innermost boxes past the right edge: the cause rather than every box around it.
      const past = (el: Element) => el.getBoundingClientRect().right > window.innerWidth + 1;
      const causes = Array.from(document.querySelectorAll('main *'))
        .filter((el) => past(el) && !Array.from(el.children).some(past))
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
      found.push(`the page is ${page} px wide (${causes.join(', ')})`);
    }
    for (const table of Array.from(document.querySelectorAll('main table, [role="dialog"] table'))) {
      if (table.closest('.sr-only')) continue;
      const box = table.parentElement as HTMLElement;
      if (table.scrollWidth > box.clientWidth + 1) {
        const name =
          table.querySelector('caption')?.textContent || table.querySelector('th')?.textContent || '?';
        found.push(`table "${name.trim()}" is ${table.scrollWidth} px in ${box.clientWidth} px`);
      }
    }
    return found;
  });

describe('tables on a phone', () => {
  it('[PHONE] every route of both areas at 390×844: no page or table wider than the screen', async () => {
    const failures: string[] = [];
    for (const area of ['client', 'admin'] as const) {
      const { context, page } = await newPage(browser());
      await page.setViewportSize({ width: 390, height: 844 });
      const routes = everyRoute(seeded).filter((r) => r.area === area);
      await openWithSession(page, tokenFor(seeded, routes[0]), routes[0].url);
      for (const route of routes)
        await eachView(page, route, async (view) => {
          await shootView(page, '390', view);
          for (const what of await overflowOf(page)) failures.push(`${view}: ${what}`);
        });
      await page.goto(area === 'client' ? '/dashboard' : '/admin-dashboard/analytics?view=commission');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}/phone-${area}-390.png`, fullPage: true });
      await context.close();
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

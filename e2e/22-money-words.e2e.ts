// Journey 22 (money on screen). Class test (issue 53 point 2): one glossary of money words
// (@vendport/shared MONEY_WORDS); every route of both areas and each tab, with a row in every
// table, is read, and it fails on the label of a naira figure that uses money's words without
// being a glossary word, or that is a glossary word typed by hand rather than rendered from the
// glossary for its figure. The vend-limits journey this file held is covered by the amounts'
// tests (money.test.ts over every refusal, vend-panel.test.tsx). Also: editing a service,
// the end-of-day balance, statements.
import {
  addCalendarDays,
  formatLagosDate,
  lagosDateOf,
  MONEY_VOCABULARY,
  MONEY_WORDS,
} from '@vendport/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eachView, everyRoute, seedEveryTable, shootView, tokenFor } from './crawl';
import { useBrowser } from './fixtures';
import {
  adminToken,
  api,
  expectToastTopRight,
  field,
  newPage,
  openWithSession,
  readyToVend,
  SCREENSHOTS,
  signUpCorporate,
} from './support';

const browser = useBrowser();

/**
 * The label of every naira figure the page shows: a table column's header, a definition's term,
 * a figure's caption (data-figure-label beside data-figure-value), with the glossary key the
 * label was rendered from (data-money-word), if any.
 */
const moneyLabels = (page: Page) =>
  page.evaluate(() => {
    const out: Array<{ label: string; word: string | null }> = [];
    const NAIRA = /-?₦[\d,]+\.\d\d/;
    const labelOf = (el: Element): Element | null => {
      const cell = el.closest('td');
      if (cell) {
        const table = cell.closest('table');
        const index = Array.from(cell.parentElement?.children ?? []).indexOf(cell);
        return table?.querySelectorAll('thead th')[index] ?? null;
      }
      const dd = el.closest('dd');
      if (dd) {
        let dt = dd.previousElementSibling;
        while (dt && dt.tagName !== 'DT') dt = dt.previousElementSibling;
        return dt ?? dd.parentElement?.querySelector('dt') ?? null;
      }
      const value = el.closest('[data-figure-value]');
      return value?.parentElement?.querySelector('[data-figure-label]') ?? null;
    };
    const walker = document.createTreeWalker(
      document.querySelector('main') ?? document.body,
      NodeFilter.SHOW_TEXT,
    );
    const done = new Set<Element>();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!NAIRA.test(n.textContent ?? '') || !n.parentElement || n.parentElement.closest('.sr-only'))
        continue;
      const label = labelOf(n.parentElement);
      if (!label || done.has(label)) continue;
      done.add(label);
      const text = (label.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text)
        out.push({
          label: text,
          word:
            label.closest('[data-money-word]')?.getAttribute('data-money-word') ??
            label.querySelector('[data-money-word]')?.getAttribute('data-money-word') ??
            null,
        });
    }
    return out;
  });

describe('money words', () => {
  it('[MONEY WORDS] every money label on every route of both areas is a glossary word, rendered from the glossary', async () => {
    const seeded = await seedEveryTable('words');
    const glossary = new Set<string>(Object.values(MONEY_WORDS));
    const failures = new Set<string>();
    const seen = new Set<string>();
    for (const area of ['client', 'admin'] as const) {
      const { context, page } = await newPage(browser());
      await page.setViewportSize({ width: 1366, height: 800 });
      const routes = everyRoute(seeded).filter((r) => r.area === area);
      await openWithSession(page, tokenFor(seeded, routes[0]), routes[0].url);
      for (const route of routes)
        await eachView(page, route, async (view) => {
          await shootView(page, '1366', view);
          for (const { label, word } of await moneyLabels(page)) {
            seen.add(label);
            // A label in money's words (commission, funding, settled...) is the glossary's word...
            if (MONEY_VOCABULARY.test(label) && !glossary.has(label))
              failures.add(`${view}: "${label}" is not in the glossary`);
            // ...rendered from it for its own figure, not typed again for another one.
            if (glossary.has(label) && word !== label)
              failures.add(`${view}: "${label}" is typed by hand (data-money-word ${word ?? 'missing'})`);
          }
        });
      await context.close();
    }
    expect([...failures]).toEqual([]);
    // The crawl read the figures it is about.
    expect([...seen]).toEqual(
      expect.arrayContaining([MONEY_WORDS.commissionEarned, MONEY_WORDS.fundingReceived]),
    );
  }, 300_000);

  it('[SERVICES] editing a service says it was saved, on a laptop and on a phone', async () => {
    const admin = await adminToken();
    for (const viewport of [
      { width: 1366, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const { context, page } = await newPage(browser());
      await page.setViewportSize(viewport);
      await openWithSession(page, admin, '/admin-dashboard/services');
      await page.getByRole('heading', { name: 'Services', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Edit MTN Airtime via Aggregator API' }).first().click();
      const edit = page.getByRole('dialog', { name: 'Edit service' });
      await field(edit, 'Commission (%)').fill('3');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expectToastTopRight(page, 'Service updated', 'success');
      await context.close();
    }
  });

  it('[WALLET] the wallet shows the balance at the end of a chosen day (issue 36 point 7)', async () => {
    const admin = await adminToken();
    const corp = await signUpCorporate('eod');
    // Funded today: nothing at the end of yesterday, ₦5,000 so far today.
    await readyToVend(admin, corp.user.corporate!.id, '5000');
    const today = lagosDateOf(new Date());
    const yesterday = addCalendarDays(today, -1);
    for (const viewport of [
      { width: 1366, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const { context, page } = await newPage(browser());
      await page.setViewportSize(viewport);
      await openWithSession(page, corp.token, '/dashboard/wallet');
      const balance = page.getByTestId('end-of-day-balance');
      await balance.filter({ hasText: `At the end of ${formatLagosDate(yesterday)}` }).waitFor();
      expect(await balance.textContent()).toContain('₦0.00');
      const day = field(page, 'Day');
      await day.fill(formatLagosDate(today));
      await day.press('Tab');
      await balance.filter({ hasText: 'Today so far' }).waitFor();
      expect(await balance.textContent()).toContain('₦5,000.00');
      // The page does not scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await balance.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}op-money/wallet-end-of-day-${viewport.width}.png` });
      await context.close();
    }
  });

  it('[STATEMENT] a statement offers CSV and PDF with its end-of-day balance whatever the format; commission words (issue 36 points 7, 8, 19)', async () => {
    const admin = await adminToken();
    const corp = await signUpCorporate('stmt');
    await readyToVend(admin, corp.user.corporate!.id, '5000');
    // CSV only, then a statement of yesterday.
    const set = await api(
      'POST',
      'reconciliation/settings',
      { enabled: false, frequency: 'DAILY', format: 'CSV' },
      corp.token,
    );
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    const yesterday = addCalendarDays(lagosDateOf(new Date()), -1);
    const made = await api(
      'POST',
      'reconciliation/statements',
      { startDate: yesterday, endDate: yesterday },
      corp.token,
    );
    expect(made.status).toBe(201);
    for (const viewport of [
      { width: 1366, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const { context, page } = await newPage(browser());
      await page.setViewportSize(viewport);
      await openWithSession(page, corp.token, '/dashboard/settings?tab=statements');
      const code = (made.json as { data: { code: string } }).data.code;
      await page.getByRole('button', { name: `Download statement ${code} as PDF` }).waitFor();
      await page.getByRole('button', { name: `Download statement ${code} as CSV` }).waitFor();
      await page
        .getByText(`end of ${formatLagosDate(yesterday)}`)
        .first()
        .waitFor();
      await page.getByRole('button', { name: `Download statement ${code} as PDF` }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}op-money/statements-${viewport.width}.png` });

      await page.goto('/dashboard/commission');
      await page.getByText(MONEY_WORDS.commissionEarned).first().waitFor();
      await page.screenshot({
        path: `${SCREENSHOTS}op-money/commission-${viewport.width}.png`,
        fullPage: true,
      });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await context.close();
    }
  });
});

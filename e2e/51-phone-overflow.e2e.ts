// Issue 36, point 21: on a phone (390×844) the client's home does not scroll sideways. The
// visually hidden copy of each chart's figures (a table for screen readers) used to stick out of
// the page (398 px in 390): it is clipped inside the chart now.
import { describe, expect, it } from 'vitest';
import { signedInClient, useBrowser } from './fixtures';
import { shoot } from './support';

const browser = useBrowser();

describe('client home on a phone', () => {
  it('[PHONE] the client home at 390×844 is no wider than the screen', async () => {
    const { context, page } = await signedInClient(browser(), 'phone-home');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The charts and their hidden tables are there.
    await page.locator('figure table').first().waitFor({ state: 'attached' });
    // Visually hidden means it takes no room: each hidden table is clipped to a pixel.
    const boxes = await page.evaluate(() =>
      Array.from(document.querySelectorAll('figure table')).map((t) => {
        const clip = t.parentElement?.getBoundingClientRect() ?? t.getBoundingClientRect();
        return { width: Math.min(clip.width, t.getBoundingClientRect().width), right: clip.right };
      }),
    );
    for (const box of boxes) {
      expect(box.width).toBeLessThanOrEqual(1);
      expect(box.right).toBeLessThanOrEqual(390);
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shoot(page, 'client-home-390');
    await context.close();
  });
});

// Issue 36, point 24: an error toast does not stay beside the later success. A client saves
// their profile, the server refuses once (its error shows as a red toast); they save again, it
// succeeds: the green toast shows and the earlier error is gone.
import { describe, expect, it } from 'vitest';
import { signedInClient, useBrowser } from './fixtures';
import { expectToastTopRight, field } from './support';

const browser = useBrowser();

describe('toasts after an error', () => {
  it('[TOAST] a success clears the form’s earlier error toast', async () => {
    const { context, page } = await signedInClient(browser(), 'toast-clear');
    await page.goto('/dashboard/profile');
    // The server refuses the first save (as a flaky upstream would), then lets them through.
    let refused = false;
    await page.route('**/api/v1/profile', async (route) => {
      if (route.request().method() !== 'PUT' || refused) return route.fallback();
      refused = true;
      await route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          message: 'Profile could not be saved',
          errors: ['Try again'],
        }),
      });
    });
    await field(page, 'First name').fill('Adaeze');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const toasts = page.locator('[data-rht-toaster] [role="status"]');
    await toasts.filter({ hasText: 'Try again' }).waitFor();
    const shownAt = Date.now();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toasts.filter({ hasText: /saved|updated/i }).waitFor();
    // Gone with the success, well before its own 4 s were up.
    await toasts.filter({ hasText: 'Try again' }).waitFor({ state: 'detached', timeout: 1500 });
    expect(Date.now() - shownAt).toBeLessThan(3500);
    await expectToastTopRight(page, /saved|updated/i, 'success');
    await context.close();
  });
});

// Journey 30: the admin's catalogue. On /admin-dashboard/services an admin adds a service, edits
// its rate, disables and enables it, each step read back from the API. On /admin-dashboard/vtu
// the admin funds a new line (password-confirmed) and refreshes its balance from the provider.
// On a client's screen the admin assigns services (the client then sees them) and turns upfront
// commission on with the password.
import type { CommissionsView, ServiceView, VtuLineView } from '@vendport/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';
import {
  adminToken,
  api,
  E2E_ADMIN_PASSWORD,
  eventually,
  expectToastTopRight,
  field,
  newPage,
  openWithSession,
  signUpCorporate,
} from './support';

const browser = useBrowser();

const servicesOf = async (token: string, query = '') =>
  (await api<ServiceView[]>('GET', `services${query}`, undefined, token)).json.data;

const NINE_AIRTIME_VTU = '9mobile Airtime via VTU lines';

/** Waits until no dialog is open (after a modal's action finished). */
const noDialog = (page: Page) => page.getByRole('dialog').waitFor({ state: 'detached' });

describe('admin catalogue journey', () => {
  it('[SERVICES] an admin adds a service, edits it, disables and enables it; the API reflects each step', async () => {
    const admin = await adminToken();
    const findIt = async () =>
      (await servicesOf(admin, '?network=9MOBILE&serviceType=AIRTIME&platform=VTU'))[0];
    expect(await findIt()).toBeUndefined();

    const { context, page } = await newPage(browser());
    await openWithSession(page, admin, '/admin-dashboard/services');
    await page.getByRole('heading', { name: 'Services', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Services' });
    await table.getByRole('row').nth(8).waitFor();

    // ---- add
    await page.getByRole('button', { name: 'Add service' }).click();
    const add = page.getByRole('dialog', { name: 'Add service' });
    await field(add, 'Network').selectOption('9MOBILE');
    await field(add, 'Service').selectOption('AIRTIME');
    await field(add, 'Platform').selectOption('VTU');
    await field(add, 'Commission (%)').fill('2.75');
    await add.getByRole('checkbox', { name: 'Fall back to Aggregator API' }).check();
    await field(add, 'Minimum amount (₦)').fill('100');
    await field(add, 'Maximum amount (₦)').fill('20,000');
    await add.getByRole('button', { name: 'Add service' }).click();
    await expectToastTopRight(page, 'Service added', 'success');
    await noDialog(page);
    const added = await findIt();
    expect(added).toMatchObject({
      commissionBps: 275,
      fallbackPlatforms: ['AGGREGATOR'],
      minAmountKobo: 10_000,
      maxAmountKobo: 2_000_000,
      status: 'ACTIVE',
    });
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `Edit ${NINE_AIRTIME_VTU}` }) });
    await row.getByText('2.75%').waitFor();
    expect(await row.textContent()).toContain('₦20,000.00');

    // ---- edit the rate: the spec's payload keeps the fallback and the bounds
    await row.getByRole('button', { name: `Edit ${NINE_AIRTIME_VTU}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit service' });
    expect(await field(edit, 'Commission (%)').inputValue()).toBe('2.75');
    await field(edit, 'Commission (%)').fill('3.1');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expectToastTopRight(page, 'Service updated', 'success');
    await noDialog(page);
    await row.getByText('3.10%').waitFor();
    expect(await findIt()).toMatchObject({
      id: added!.id,
      commissionBps: 310,
      fallbackPlatforms: ['AGGREGATOR'],
      minAmountKobo: 10_000,
      maxAmountKobo: 2_000_000,
    });

    // ---- disable, after the confirmation; Cancel changes nothing
    await row.getByRole('button', { name: `Disable ${NINE_AIRTIME_VTU}` }).click();
    let confirm = page.getByRole('dialog', { name: 'Disable service' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await noDialog(page);
    expect((await findIt())!.status).toBe('ACTIVE');
    await row.getByRole('button', { name: `Disable ${NINE_AIRTIME_VTU}` }).click();
    confirm = page.getByRole('dialog', { name: 'Disable service' });
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await expectToastTopRight(page, 'Service disabled', 'success');
    await noDialog(page);
    await row.getByText('Inactive', { exact: true }).waitFor();
    expect((await findIt())!.status).toBe('INACTIVE');

    // The status filter lives in the URL and narrows the list.
    await field(page.getByRole('form', { name: 'Service filters' }), 'Status').selectOption('INACTIVE');
    await eventually(() => new URL(page.url()).searchParams.get('status')).toBe('INACTIVE');
    await eventually(() => table.getByRole('row').count()).toBe(2);

    // ---- enable again
    await row.getByRole('button', { name: `Enable ${NINE_AIRTIME_VTU}` }).click();
    confirm = page.getByRole('dialog', { name: 'Enable service' });
    await confirm.getByRole('button', { name: 'Enable' }).click();
    await expectToastTopRight(page, 'Service enabled', 'success');
    expect((await findIt())!.status).toBe('ACTIVE');
    await context.close();
  });

  it('[VTU] an admin funds a new line with the password and refreshes its balance from the provider', async () => {
    const admin = await adminToken();
    const name = `E2E MTN line ${Date.now().toString(36)}`;
    const msisdn = `0803${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const created = await api<VtuLineView>('POST', 'vtu/add', { name, network: 'MTN', msisdn }, admin);
    expect(created.status).toBe(201);
    const lineId = created.json.data.id;
    const lineOf = async () =>
      (await api<VtuLineView[]>('GET', 'vtu/list', undefined, admin)).json.data.find((l) => l.id === lineId)!;

    const { context, page } = await newPage(browser());
    await openWithSession(page, admin, '/admin-dashboard/vtu');
    await page.getByRole('heading', { name: 'VTU Lines', level: 1 }).waitFor();
    const row = page.getByRole('table', { name: 'VTU lines' }).getByRole('row').filter({ hasText: name });
    await row.getByText('Not checked yet').waitFor();
    expect(await row.textContent()).toContain('Shared pool');

    // ---- fund: the button waits for the password
    await row.getByRole('button', { name: `Fund ${name}` }).click();
    const fund = page.getByRole('dialog', { name: 'Fund VTU line' });
    await field(fund, 'Amount (₦)').fill('50,000');
    await field(fund, 'Payment reference').fill(`E2E-FLOAT-${Date.now().toString(36)}`);
    const submit = fund.getByRole('button', { name: 'Fund line' });
    expect(await submit.isDisabled()).toBe(true);
    await fund.getByLabel(/^Password/).fill(E2E_ADMIN_PASSWORD);
    await submit.click();
    await expectToastTopRight(page, `₦50,000.00 float recorded for ${name}`, 'success');
    const done = page.getByTestId('success-modal');
    await done.getByRole('heading', { name: 'Float recorded' }).waitFor();
    expect(await done.textContent()).toContain(`${name} now holds ₦50,000.00 on the books`);
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    await noDialog(page);
    expect((await lineOf()).floatKobo).toBe(5_000_000);

    // ---- refresh: the provider's balance and the time it was read
    expect((await lineOf()).balanceCheckedAt).toBeNull();
    await row.getByRole('button', { name: `Refresh balance of ${name}` }).click();
    await expectToastTopRight(page, 'VTU line balance refreshed', 'success');
    await row.getByText('Not checked yet').waitFor({ state: 'detached' });
    const line = await lineOf();
    expect(line.providerBalanceKobo).toBe(5_000_000);
    expect(line.balanceCheckedAt).not.toBeNull();
    expect((await row.getByRole('cell').nth(2).textContent())?.startsWith('₦50,000.00')).toBe(true);
    expect(await row.getByRole('button', { name: `Refresh balance of ${name}` }).isEnabled()).toBe(true);
    await context.close();
  });

  it('[CLIENTS] an admin assigns services to a client and turns upfront commission on; the client sees its services', async () => {
    const admin = await adminToken();
    const corp = await signUpCorporate('catalogue');
    const corporateId = corp.user.corporate!.id;
    // Sign-up assigns the platform's default services; this journey starts from a client with none.
    expect((await servicesOf(corp.token)).length).toBeGreaterThan(0);
    const cleared = await api('PUT', 'services/assign', { corporateId, serviceIds: [] }, admin);
    expect(cleared.status).toBe(200);
    expect(await servicesOf(corp.token)).toEqual([]);

    const { context, page } = await newPage(browser());
    await openWithSession(page, admin, `/admin-dashboard/view-corporate-client/${corporateId}`);
    await page.getByTestId('client-name').filter({ hasText: corp.company }).waitFor();
    const services = page.getByRole('table', { name: 'Client services' });
    await services.getByRole('checkbox', { name: 'Assign MTN Airtime via Aggregator API' }).check();
    await services.getByRole('checkbox', { name: `Assign ${NINE_AIRTIME_VTU}` }).check();
    await page.getByRole('button', { name: 'Save assignments' }).click();
    const confirm = page.getByRole('dialog', { name: 'Assign services' });
    await confirm.getByText(NINE_AIRTIME_VTU).waitFor();
    await confirm.getByRole('button', { name: 'Save assignments' }).click();
    await expectToastTopRight(page, 'Services assigned', 'success');
    await noDialog(page);
    await page.getByText(/^2 of \d+ assigned/).waitFor();

    const assigned = (await servicesOf(admin, `?corporateId=${corporateId}`)).filter((s) => s.assigned);
    expect(assigned.map((s) => `${s.network}/${s.service}/${s.platform}`).sort()).toEqual([
      '9MOBILE/AIRTIME/VTU',
      'MTN/AIRTIME/AGGREGATOR',
    ]);
    // The client's own catalogue: its active assigned services.
    expect((await servicesOf(corp.token)).map((s) => s.id).sort()).toEqual(assigned.map((s) => s.id).sort());

    // ---- upfront commission, password-confirmed
    await page.getByTestId('upfront-commission').getByText('Off', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Enable upfront commission' }).click();
    const upfront = page.getByRole('dialog', { name: 'Enable upfront commission' });
    expect(await upfront.getByRole('button', { name: 'Enable' }).isDisabled()).toBe(true);
    await upfront.getByLabel(/^Password/).fill(E2E_ADMIN_PASSWORD);
    await upfront.getByRole('button', { name: 'Enable' }).click();
    await expectToastTopRight(page, 'Upfront commission enabled', 'success');
    await page.getByTestId('success-modal').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByTestId('upfront-commission').getByText('On', { exact: true }).waitFor();
    const report = await api<CommissionsView>(
      'GET',
      `commissions?corporateId=${corporateId}`,
      undefined,
      admin,
    );
    expect(report.json.data.upfrontCommission).toBe(true);
    await context.close();
  });
});

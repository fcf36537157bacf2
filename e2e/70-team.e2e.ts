// Journey 70 (issue 14): a team with roles, in both areas. A client owner creates the role
// "Finance" (wallet funding, not vend) and invites a clerk with it; the clerk sets a password
// from the emailed invitation, passes 2FA, funds the wallet, never sees the vend action and is
// refused a direct vend call; the owner reads it all in the audit trail and exports it. Then the
// platform: the super admin creates "Support" (reads clients, cannot approve funding) and invites
// an agent, who reads clients and fund requests but has no Approve and is refused a direct call.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';
import {
  adminToken,
  api,
  browserToken,
  downloaded,
  field,
  newPage,
  openWithSession,
  passTwoFactor,
  SCREENSHOTS,
  shoot,
  signUpCorporate,
  uniqueEmail,
  waitForPath,
} from './support';

const browser = useBrowser({ screenshots: SCREENSHOTS });

/** A success toast with `text` (their place and colours are journey 02's and 04's concern). */
async function toastSays(page: Page, text: string) {
  await page.locator('[data-rht-toaster] [role="status"]').filter({ hasText: text }).first().waitFor();
}

const NEW_PASSWORD = 'Lagos-Team-Passphrase-42';

/** The temporary password of the invitation emailed to `to` (development outbox). */
async function invitationPassword(to: string): Promise<string> {
  const { json } = await api<Array<{ to: string; subject: string; text: string }>>(
    'GET',
    `dev/outbox?to=${encodeURIComponent(to)}`,
  );
  const mail = json.data.find((m) => m.to === to && /Temporary password/.test(m.text));
  const pw = mail && /Temporary password: (\S+)/.exec(mail.text);
  if (!pw) throw new Error(`no invitation emailed to ${to}`);
  return pw[1];
}

/** Creates a role on create-role, ticking whole groups and single permissions by description. */
async function createRole(page: Page, name: string, groups: string[], single: string[]) {
  await page.getByRole('tab', { name: 'Roles' }).click();
  await page.getByRole('button', { name: 'Create role' }).click();
  await page.getByRole('heading', { name: 'Create Role', level: 1 }).waitFor();
  await field(page, 'Role name').fill(name);
  for (const g of groups) await page.getByRole('checkbox', { name: `Select all ${g} permissions` }).check();
  for (const s of single) await page.getByRole('checkbox', { name: new RegExp(`^${s}`) }).check();
  await page.getByRole('button', { name: 'Create role' }).click();
  await toastSays(page, 'Role created');
  await page.getByRole('heading', { name: 'View Role', level: 1 }).waitFor();
  await page.getByRole('heading', { name, level: 2 }).waitFor();
}

/** Invites `email` with `role` from the users tab. */
async function invite(page: Page, base: string, email: string, first: string, role: string) {
  await page.goto(base);
  await page.getByRole('heading', { name: 'Admin Management', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await field(dialog, 'First name').fill(first);
  await field(dialog, 'Last name').fill('Adeyemi');
  await field(dialog, 'Email address').fill(email);
  await field(dialog, 'Role').selectOption({ label: role });
  await shoot(page, `team-invite-${role.toLowerCase()}`);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await toastSays(page, `Invitation sent to ${email}`);
  await dialog.waitFor({ state: 'detached' });
  const row = page
    .getByRole('table', { name: /Team members|Admin users/ })
    .getByRole('row')
    .filter({ hasText: email });
  await row.getByRole('cell', { name: role, exact: true }).waitFor();
  await row.getByText('Invited').waitFor();
}

/** The invited user's first sign-in: temporary password, their own password, the emailed code. */
async function firstSignIn(page: Page, email: string, landing: string) {
  await page.goto('/');
  await field(page, 'Email address').fill(email);
  await field(page, 'Password').fill(await invitationPassword(email));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForPath(page, '/change-password');
  await field(page, 'Current password').fill(await invitationPassword(email));
  await field(page, 'New password').fill(NEW_PASSWORD);
  await field(page, 'Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await passTwoFactor(page, email);
  await waitForPath(page, landing);
}

/** The audit trail filtered by actor shows `actions` (in words); a row opens its details. */
async function readTrail(page: Page, actor: string, actions: string[], role: string) {
  const filters = page.getByRole('form', { name: 'Audit filters' });
  await field(filters, 'Actor').fill(actor);
  await field(filters, 'Actor').press('Enter');
  const table = page.getByRole('table', { name: 'Audit trail' });
  for (const a of actions) await table.getByRole('row').filter({ hasText: a }).first().waitFor();
  await table.getByRole('row').filter({ hasText: actions[0] }).first().getByRole('cell').first().click();
  const detail = page.getByRole('dialog', { name: actions[0] });
  await detail.getByText(role, { exact: true }).waitFor();
  await detail.getByText('(Lagos time)', { exact: false }).waitFor();
  return detail;
}

async function exportTrail(page: Page, mustContain: string[]) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('audit-trail.csv');
  const csv = await downloaded(file);
  expect(csv.split('\r\n')[0]).toMatch(/^Date \(Lagos\),Actor,Actor email,Role,Action/);
  for (const s of mustContain) expect(csv).toContain(s);
}

describe('team, roles and audit trail', () => {
  it('[TEAM] a client owner gives a finance clerk funding but not vending, and reads it in the audit trail', async () => {
    const owner = await signUpCorporate('team-owner');
    const clerkEmail = uniqueEmail('finance-clerk');

    const { context: ownerCtx, page: ownerPage } = await newPage(browser());
    await openWithSession(ownerPage, owner.token, '/dashboard/admin-management');
    await ownerPage.getByRole('heading', { name: 'Admin Management', level: 1 }).waitFor();
    await shoot(ownerPage, 'team-users-client');
    await createRole(ownerPage, 'Finance', ['Wallet and funding'], ['View vending transactions']);
    const granted = ownerPage.getByRole('region', { name: 'Wallet and funding' });
    await granted.getByText('Fund the wallet').waitFor();
    expect(await ownerPage.getByText('Buy airtime and data').count()).toBe(0);
    await shoot(ownerPage, 'team-view-role-client');

    await invite(ownerPage, '/dashboard/admin-management', clerkEmail, 'Bisi', 'Finance');
    await ownerPage.getByRole('tab', { name: 'Roles' }).click();
    const financeRow = ownerPage
      .getByRole('table', { name: 'Roles' })
      .getByRole('row')
      .filter({ hasText: 'Finance' });
    expect((await financeRow.getByRole('cell').allTextContents()).map((t) => t.trim())).toContain('1');
    await shoot(ownerPage, 'team-roles-client');

    // The clerk: invitation email -> own password -> 2FA -> the dashboard.
    const { context: clerkCtx, page: clerk } = await newPage(browser());
    await firstSignIn(clerk, clerkEmail, '/dashboard');
    const nav = clerk.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link', { name: 'Admin Management' }).count()).toBe(0);
    await nav.getByRole('link', { name: 'Wallet' }).click();
    await clerk.getByRole('heading', { name: 'Wallet', level: 1 }).waitFor();
    const form = clerk.getByRole('form', { name: 'Fund request' });
    await field(form, 'Amount (₦)').fill('15,000');
    await field(form, 'Transfer reference').fill('FIN-CLERK-001');
    await form.getByRole('button', { name: 'Submit fund request' }).click();
    await toastSays(clerk, 'Fund request submitted');

    // No vend action anywhere the clerk goes, and the server refuses the call itself.
    await nav.getByRole('link', { name: 'Vending History' }).click();
    await clerk.getByRole('heading', { name: 'Vending History', level: 1 }).waitFor();
    await clerk.getByRole('table', { name: 'Vending transactions' }).waitFor();
    expect(await clerk.getByRole('form', { name: 'Buy airtime or data' }).count()).toBe(0);
    const clerkToken = (await browserToken(clerkCtx))!;
    const vend = await api(
      'POST',
      'vend',
      { phone: '08031234567', network: 'MTN', type: 'AIRTIME', amount: '100' },
      clerkToken,
    );
    expect(vend.status).toBe(403);
    expect(vend.json.message).toBe('You do not have permission to do this');
    await clerkCtx.close();

    // The owner reads the clerk's request and their own changes, opens one, and exports.
    await ownerPage.goto('/dashboard/audit-trail');
    await ownerPage.getByRole('heading', { name: 'Audit Trail', level: 1 }).waitFor();
    const detail = await readTrail(
      ownerPage,
      clerkEmail,
      ['Requested wallet funding', 'Signed in'],
      'Finance',
    );
    await shoot(ownerPage, 'team-audit-detail-client');
    await detail.getByRole('button', { name: 'Close' }).first().click();
    await field(ownerPage.getByRole('form', { name: 'Audit filters' }), 'Actor').fill(owner.email);
    await field(ownerPage.getByRole('form', { name: 'Audit filters' }), 'Actor').press('Enter');
    const table = ownerPage.getByRole('table', { name: 'Audit trail' });
    await table.getByRole('row').filter({ hasText: 'Created a role' }).waitFor();
    await table.getByRole('row').filter({ hasText: 'Invited a user' }).waitFor();
    await shoot(ownerPage, 'team-audit-client');
    await exportTrail(ownerPage, ['Created a role', 'Invited a user', 'Owner']);
    await field(ownerPage.getByRole('form', { name: 'Audit filters' }), 'Actor').fill(clerkEmail);
    await field(ownerPage.getByRole('form', { name: 'Audit filters' }), 'Actor').press('Enter');
    await table.getByRole('row').filter({ hasText: 'Requested wallet funding' }).waitFor();
    await exportTrail(ownerPage, ['Requested wallet funding', 'Finance', clerkEmail]);

    // At phone width the screens still read.
    await ownerPage.setViewportSize({ width: 390, height: 844 });
    await shoot(ownerPage, 'team-audit-client-phone');
    await ownerPage.goto('/dashboard/admin-management');
    // A phone shows each member as a card.
    await ownerPage.getByRole('list', { name: 'Team members' }).getByText(clerkEmail).waitFor();
    await shoot(ownerPage, 'team-users-client-phone');
    await ownerCtx.close();
    // Two people's whole first sign-in (argon2 hashing included) and two roles: a long journey.
  }, 150_000);

  it('[TEAM] the super admin adds a support agent who reads clients but cannot approve funding', async () => {
    const token = await adminToken();
    const client = await signUpCorporate('team-support-client');
    const fr = await api(
      'POST',
      'fund-request',
      { amount: '20000', transferReference: 'SUP-001' },
      client.token,
    );
    expect(fr.status).toBe(201);
    const agentEmail = uniqueEmail('support-agent');

    const { context: adminCtx, page: admin } = await newPage(browser());
    await admin.setViewportSize({ width: 1366, height: 800 });
    await openWithSession(admin, token, '/admin-dashboard/admin-management');
    await admin.getByRole('heading', { name: 'Admin Management', level: 1 }).waitFor();
    await createRole(
      admin,
      'Support',
      [],
      ['View corporate clients', 'View funding requests and funding history'],
    );
    expect(await admin.getByText('Approve or decline fund requests').count()).toBe(0);
    await admin.getByRole('button', { name: 'Edit role' }).click();
    await admin.getByRole('heading', { name: 'Edit Role', level: 1 }).waitFor();
    await shoot(admin, 'team-edit-role-admin');
    await admin.getByRole('button', { name: 'Cancel' }).click();
    await admin.getByRole('heading', { name: 'View Role', level: 1 }).waitFor();
    await invite(admin, '/admin-dashboard/admin-management', agentEmail, 'Tunde', 'Support');
    await shoot(admin, 'team-users-admin');

    const { context: agentCtx, page: agent } = await newPage(browser());
    await firstSignIn(agent, agentEmail, '/admin-dashboard');
    const nav = agent.getByRole('navigation', { name: 'Admin navigation' });
    expect(await nav.getByRole('link', { name: 'Admin Management' }).count()).toBe(0);
    await nav.getByRole('link', { name: 'Clients' }).click();
    await agent.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    const filters = agent.getByRole('form', { name: 'Client filters' });
    await field(filters, 'Search').fill(client.company);
    await field(filters, 'Search').press('Enter');
    await agent.getByRole('table', { name: 'Corporate clients' }).getByText(client.company).first().waitFor();
    expect(await agent.getByRole('button', { name: 'Onboard client' }).count()).toBe(0);

    await nav.getByRole('link', { name: 'Funding History' }).click();
    await agent.getByRole('heading', { name: 'Funding History', level: 1 }).waitFor();
    await agent.getByRole('tab', { name: /Fund requests/ }).click();
    const requests = agent.getByRole('table', { name: 'Fund requests' });
    const row = requests.getByRole('row').filter({ hasText: client.company });
    await row.first().waitFor();
    expect(await row.getByRole('button', { name: /Approve|Decline/ }).count()).toBe(0);
    const pending = await api<Array<{ id: string }>>('GET', 'pending-transaction', undefined, client.token);
    const approve = await api(
      'POST',
      'corporates-transactions/approve',
      { fundRequestId: pending.json.data[0]!.id, password: NEW_PASSWORD },
      (await browserToken(agentCtx))!,
    );
    expect(approve.status).toBe(403);
    expect(approve.json.message).toBe('You do not have permission to do this');
    await agentCtx.close();

    // The super admin reads the agent's sign-in and their own changes, filtered by client too.
    await admin.goto('/admin-dashboard/audit-trail');
    await admin.getByRole('heading', { name: 'Audit Trail', level: 1 }).waitFor();
    const detail = await readTrail(admin, agentEmail, ['Changed password', 'Signed in'], 'Support');
    await detail.getByRole('button', { name: 'Close' }).first().click();
    await admin.getByRole('button', { name: 'Clear filters' }).click();
    await field(admin.getByRole('form', { name: 'Audit filters' }), 'Target type').selectOption({
      label: 'Role',
    });
    const table = admin.getByRole('table', { name: 'Audit trail' });
    await table.getByRole('row').filter({ hasText: 'Created a role' }).first().waitFor();
    await shoot(admin, 'team-audit-admin');
    await exportTrail(admin, ['Created a role', 'Name: Support', 'Super Admin']);
    await adminCtx.close();
  }, 150_000);
});

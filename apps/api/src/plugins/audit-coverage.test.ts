// Every mutation route writes an audit entry, and no audit entry ever holds a secret.
//
// One table-driven test walks the route table: each POST, PUT, PATCH and DELETE route must have a
// CASE below (how to call it so that it succeeds) or an EXEMPT reason. A new route with neither
// fails the test with the line to add. Each case is called with its own User-Agent, and the test
// finds the route's entry by it, so an entry written by a case's setup or by another route cannot
// stand in for the route's own. After the whole journey, every audit row is scanned for the
// secrets the journey used (passwords, API keys, TOTP secrets, session tokens, webhook secrets,
// emailed codes and temporary passwords).
import { randomBytes } from 'node:crypto';
import {
  auditChanges,
  auditChangesText,
  auditField,
  CARD_PAYMENT_STATUSES,
  FUNDING_STATUSES,
  parseCsv,
  SCREEN_WORD_TABLES,
  statusWords,
  VEND_STATUSES,
} from '@vendport/shared';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, notifications, webhookDeliveries } from '../infra/db/schema';
import { auditNamesOf, namesFor } from '../modules/admin/audit-names';
import { codeFor, SUBJECT, signUp } from '../modules/auth/auth.testing';
import {
  addSubscriber,
  autoTopupClient,
  freshPhone,
  SETTINGS,
} from '../modules/auto-topup/auto-topup.testing';
import { type MultipartFile, multipart, PDF, uniqueRef } from '../modules/funding/funding.fixtures';
import { gatewaySecretOf, signBody } from '../modules/funding/gateway/signature';
import { installProviders, providersOf } from '../modules/providers/registry';
import { previousLagosDay } from '../modules/vending/truths/reconcile.service';
import { apiKeyFor, assignDefaults, fund } from '../modules/vending/vending.testing';
import { createAdmin, createCorporate, TEST_PASSWORD, type TestUser } from '../test/factories';
import { buildTestApp, type TestApp } from '../test/harness';
import { routeTable } from './access';

let t: TestApp;
let admin: TestUser;
let corp: TestUser & { corporateId: string };

/** Every secret the journey handles; none may appear in any audit row. */
const secrets = new Set<string>([TEST_PASSWORD]);
const keep = <T extends string | null | undefined>(s: T): T => {
  if (s) secrets.add(s);
  return s;
};

type Who = TestUser | { headers: Record<string, string> } | null;
/** How to call one route so that it succeeds: who, and the url (params filled) and body. */
type Call = {
  as: Who;
  url?: string;
  body?: unknown;
  /** A raw body with its own content type (multipart, a signed callback). */
  raw?: { payload: string | Buffer; headers: Record<string, string> };
};

const inject = (who: Who, method: string, url: string, body?: unknown, extra: Partial<InjectOptions> = {}) =>
  t.app.inject({
    method: method as 'POST',
    url: url.startsWith('/') ? url : `/api/v1/${url}`,
    headers: { ...(who?.headers ?? {}), ...(extra.headers as Record<string, string>) },
    payload: body as object,
    ...(extra.payload ? { payload: extra.payload } : {}),
  });

/** A setup call that must succeed; answers its data. */
async function must<T = Record<string, unknown>>(who: Who, method: string, url: string, body?: unknown) {
  const res = await inject(who, method, url, body);
  if (res.statusCode >= 300) throw new Error(`setup ${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data as T;
}

const pw = { password: TEST_PASSWORD };
const uniq = () => randomBytes(4).toString('hex');
const pdf: MultipartFile = { name: 'cac.pdf', type: 'application/pdf', data: PDF, field: 'documents' };

async function freshCorporate(opts: Parameters<typeof createCorporate>[1] = {}) {
  const c = await createCorporate(t.app, opts);
  keep(c.token);
  return c;
}
async function readyToVend(c: { corporateId: string }) {
  await assignDefaults(t.app, c.corporateId);
  await fund(t.app, c.corporateId, 1_000_000);
}
async function vendOf(c: TestUser) {
  return must<{ id: string; status: string }>(c, 'POST', 'vend', {
    phone: '08031234567',
    type: 'AIRTIME',
    amount: '100',
  });
}
async function fundRequestOf(c: TestUser) {
  return must<{ id: string }>(c, 'POST', 'fund-request', { amount: '5000', transferReference: uniqueRef() });
}
async function lineOf() {
  const msisdn = `0809${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  return must<{ code: string }>(admin, 'POST', 'vtu/add', {
    name: `Line ${uniq()}`,
    network: '9MOBILE',
    msisdn,
  });
}
async function roleOf(who: TestUser, permissions: string[]) {
  return must<{ id: string }>(who, 'POST', 'roles/create', { name: `Role ${uniq()}`, permissions });
}
async function memberOf(who: TestUser, roleId: string) {
  const email = `member-${uniq()}@audit.test`;
  return must<{ id: string }>(who, 'POST', 'admins/create', {
    first_name: 'Audit',
    last_name: 'Member',
    email,
    roleId,
  });
}
/** One service the catalogue cases change (a network/type/platform exists once). */
let service: Promise<{ id: string }> | null = null;
function serviceOf() {
  service ??= must<{ id: string }>(admin, 'POST', 'services/add', {
    network: 'GLO',
    service: 'DATA',
    platform: 'VTU',
    commission: '1.5',
  });
  return service;
}
async function activeServiceIds() {
  return (await must<Array<{ id: string }>>(admin, 'GET', 'services?status=ACTIVE')).map((s) => s.id);
}
async function planOf() {
  return must<{ id: string }>(admin, 'POST', 'data-plans/add', {
    network: 'GLO',
    code: `GLO-${uniq()}`,
    name: 'Audit plan',
    size: '1GB',
    validity: '30 days',
    price: '500',
  });
}
/** A corporate owner signed up through the API (email not yet verified), with its session. */
async function signedUp() {
  const s = await signUp(t.app);
  keep(s.token);
  return s;
}
async function signedInHeaders(email: string, password: string) {
  const res = await inject(null, 'POST', 'login', { email, password });
  const token = keep(res.json().data.access_token as string);
  return { authorization: `Bearer ${token}` };
}
async function notificationOf(userId: string) {
  const [n] = await t.app.ctx.db
    .insert(notifications)
    .values({ userId, subject: 'Audit test', body: 'A notification to clear' })
    .returning({ id: notifications.id });
  return n.id;
}
async function webhookSet(c: TestUser & { corporateId: string }) {
  const res = await must<{ secret?: string }>(c, 'POST', 'web-hook-url', { url: 'http://127.0.0.1:9/hook' });
  keep(res.secret);
}
/** A card payment started by `c`, paid on the simulator's side, and its signed callback. */
async function cardCallback(c: TestUser) {
  const p = await must<{ reference: string; totalKobo: number }>(c, 'POST', 'fund/card/initialize', {
    amount: '5000',
  });
  await t.app.ctx.dbHandle.query(
    `update gateway_sim_payments set status = 'SUCCESSFUL', paid_at = now() where reference = $1`,
    [p.reference],
  );
  const payload = JSON.stringify({
    event: 'charge.completed',
    data: {
      reference: p.reference,
      status: 'SUCCESSFUL',
      amountKobo: p.totalKobo,
      paidAt: new Date().toISOString(),
    },
  });
  return {
    payload,
    headers: {
      'content-type': 'application/json',
      'x-gateway-signature': signBody(gatewaySecretOf(t.app.ctx.config), payload),
    },
  };
}

/**
 * Routes that change data without an audit entry of their own, and why. Keep this short: a
 * route belongs here only when its change is recorded in full elsewhere or is not the user's.
 */
const EXEMPT: Record<string, string> = {
  'POST /api/v1/api/vend':
    'API-key vends: each is its own append-only record (vend row with reference, API key, channel, amounts, timeline) and ledger transfer; one audit row per machine vend would add a write to the hot path the README keeps at three round trips',
  'POST /api/v1/gateway-sim/checkout/:reference/pay':
    'the built-in card gateway simulator stands in for the external gateway’s hosted page; the signed callback it sends (fund/card/callback) is the change to VendPort data, and is audited',
  'POST /api/v1/gateway-sim/checkout/:reference/cancel':
    'as gateway-sim pay: the simulator’s page, not VendPort data',
  'POST /api/v1/providers/vtpass/callback':
    'a provider’s hint: it changes nothing itself, only schedules a check of the attempt it names; what the check changes is on the vend’s timeline and attempts; about a final vend it only raises a discrepancy, whose resolution by an admin is audited (vend.discrepancy.resolve)',
  'POST /api/v1/providers/reloadly/callback': 'as the VTpass callback: a signed hint that schedules a check',
  'POST /api/v1/admin/provider-plans/sync':
    'reads VTpass’s plan lists and returns a proposal without changing anything; accepting it (sync/accept) is the change, and is audited',
  'POST /api/v1/gateway-reconciliation/runs':
    'succeeds only with Paystack as the card gateway (this app runs the simulator); audited as funding.gateway_reconciliation.run, asserted in funding/gateway-recon/gateway-recon.test.ts against the Paystack stand-in',
  'POST /api/v1/gateway-reconciliation/discrepancies/:id/resolve':
    'as the run: a discrepancy exists only with Paystack; audited as funding.gateway_discrepancy.resolve, asserted in gateway-recon.test.ts',
  'POST /api/v1/api/bills/pay':
    'API-key bill payments: each is its own append-only record (vend and bill rows, API key, channel, amounts, timeline) and ledger transfer, as API-key vends',
  'POST /api/v1/api/bills/verify':
    "asks the biller about a customer number and keeps its answer for the payment to carry: no money moves and nothing of the client's changes",
  'POST /api/v1/bills/verify':
    'as the API-key verify: the biller’s word about a number, kept for the payment',
  'POST /api/v1/bills/bulk/check':
    'as bills/verify, for each row of a file: the billers’ word about the numbers, kept for the payment, and the file priced; nothing is charged (its pay, bills/bulk/pay, is audited as bill.bulk)',
  'PUT /api/v1/notifications/read/:id':
    'marks one of the reader’s own messages read: the state of their inbox view, not data anyone else sees or acts on (clearing and deleting notifications are audited)',
};

/** A biller's id by its code (bills, issue 51). */
async function billerIdOf(code: string): Promise<string> {
  const list = await must<Array<{ id: string; code: string }>>(admin, 'GET', 'admin/billers');
  return list.find((b) => b.code === code)!.id;
}

/** How to make each mutation route succeed. Add a line here with every new route. */
const CASES: Record<string, () => Promise<Call>> = {
  // ---- sign-in and the caller's own account (auth events, audited as such)
  'POST /api/v1/register': async () => ({
    as: null,
    body: {
      company_name: 'Audit Register Ltd',
      first_name: 'Ade',
      last_name: 'Bello',
      email: `reg-${uniq()}@audit.test`,
      msisdn: '08031234567',
      password: keep('Audit-Register-Pass-1'),
    },
  }),
  'POST /api/v1/login': async () => ({ as: null, body: { email: corp.email, password: TEST_PASSWORD } }),
  'POST /api/v1/logout': async () => ({ as: { headers: await signedInHeaders(corp.email, TEST_PASSWORD) } }),
  'POST /api/v1/verify-email': async () => {
    const s = await signedUp();
    return { as: s, body: { code: keep(await codeFor(t.app, s.email, SUBJECT.verify)) } };
  },
  'POST /api/v1/resend-verification-code': async () => {
    const s = await signedUp();
    await t.app.ctx.dbHandle.query(
      `update auth_codes set created_at = created_at - interval '2 minutes' where user_id = (select id from users where email = $1)`,
      [s.email],
    );
    return { as: s, body: { type: 'EMAIL_VERIFICATION' } };
  },
  'POST /api/v1/2fa': async () => {
    const c = await freshCorporate();
    const headers = await signedInHeaders(c.email, TEST_PASSWORD);
    return { as: { headers }, body: { code: keep(await codeFor(t.app, c.email, SUBJECT.signIn)) } };
  },
  'PUT /api/v1/2fa': async () => ({ as: await freshCorporate(), body: pw }),
  'POST /api/v1/2fa/setup': async () => ({ as: await freshCorporate() }),
  'POST /api/v1/2fa/enable': async () => {
    const c = await freshCorporate();
    const setup = await must<{ secret: string }>(c, 'POST', '2fa/setup');
    keep(setup.secret);
    return { as: c, body: { code: await generate({ secret: setup.secret }) } };
  },
  'POST /api/v1/forgot-password': async () => ({ as: null, body: { email: corp.email } }),
  'POST /api/v1/change-password': async () => {
    const c = await freshCorporate();
    const next = keep(`Audit-Change-${uniq()}-Pass`);
    return {
      as: c,
      body: { current_password: TEST_PASSWORD, new_password: next, confirm_password: next },
    };
  },
  'PUT /api/v1/update-password': async () => {
    const next = keep(`Audit-Update-${uniq()}-Pass`);
    return {
      as: await freshCorporate(),
      body: { current_password: TEST_PASSWORD, new_password: next, confirm_password: next },
    };
  },
  'PUT /api/v1/profile': async () => ({ as: corp, body: { first_name: 'Chidinma' } }),
  'POST /api/v1/reset-api-key': async () => ({ as: corp, body: { ...pw, mode: 'LIVE' } }),

  // ---- team and roles
  'POST /api/v1/roles/create': async () => ({
    as: corp,
    body: { name: `Finance ${uniq()}`, permissions: ['wallet.fund'] },
  }),
  'PUT /api/v1/roles/update': async () => {
    const r = await roleOf(admin, ['clients.read']);
    return {
      as: admin,
      body: { id: r.id, name: `Support ${uniq()}`, permissions: ['clients.read', 'audit.read'] },
    };
  },
  'DELETE /api/v1/roles/:id': async () => ({
    as: admin,
    url: `roles/${(await roleOf(admin, ['vtu.read'])).id}`,
    body: pw,
  }),
  'POST /api/v1/admins/create': async () => ({
    as: admin,
    body: {
      first_name: 'Ngozi',
      last_name: 'Eze',
      email: `staff-${uniq()}@audit.test`,
      roleId: (await roleOf(admin, ['clients.read'])).id,
    },
  }),
  'PUT /api/v1/admins/update': async () => {
    const m = await memberOf(corp, (await roleOf(corp, ['wallet.read'])).id);
    return { as: corp, body: { id: m.id, first_name: 'Renamed' } };
  },
  'PUT /api/v1/admins/activate/:id': async () => {
    const m = await memberOf(corp, (await roleOf(corp, ['wallet.read'])).id);
    await must(corp, 'PUT', `admins/deactivate/${m.id}`, pw);
    return { as: corp, url: `admins/activate/${m.id}`, body: pw };
  },
  'PUT /api/v1/admins/deactivate/:id': async () => {
    const m = await memberOf(admin, (await roleOf(admin, ['clients.read'])).id);
    return { as: admin, url: `admins/deactivate/${m.id}`, body: pw };
  },
  'DELETE /api/v1/admins/delete/:id': async () => {
    const m = await memberOf(admin, (await roleOf(admin, ['clients.read'])).id);
    return { as: admin, url: `admins/delete/${m.id}`, body: pw };
  },
  'PUT /api/v1/admins/reset-2fa/:id': async () => {
    const m = await memberOf(corp, (await roleOf(corp, ['wallet.read'])).id);
    return { as: corp, url: `admins/reset-2fa/${m.id}`, body: pw };
  },

  // ---- clients
  'POST /api/v1/onboard': async () => ({
    as: admin,
    body: {
      company_name: `Onboarded ${uniq()} Ltd`,
      first_name: 'Femi',
      last_name: 'Ade',
      email: `onboard-${uniq()}@audit.test`,
      msisdn: '08031234567',
      clientType: 'PREPAID',
    },
  }),
  'PUT /api/v1/corporate-clients/status': async () => ({
    as: admin,
    body: { corporateId: (await freshCorporate()).corporateId, status: 'INACTIVE', ...pw },
  }),
  'POST /api/v1/corporate-clients/switch': async () => ({
    as: admin,
    body: { corporateId: (await freshCorporate()).corporateId, clientType: 'POSTPAID', ...pw },
  }),
  'PUT /api/v1/corporate-clients/limit': async () => ({
    as: admin,
    body: {
      corporateId: (await freshCorporate({ clientType: 'POSTPAID' })).corporateId,
      limit: '50000',
      ...pw,
    },
  }),
  'PUT /api/v1/set-limit': async () => ({
    as: admin,
    body: {
      corporateId: (await freshCorporate({ clientType: 'POSTPAID' })).corporateId,
      limit: '60000',
      ...pw,
    },
  }),
  'PATCH /api/v1/corporate-clients/upfront-commission': async () => ({
    as: admin,
    body: { corporateId: (await freshCorporate()).corporateId, upfrontCommission: true, ...pw },
  }),
  'PUT /api/v1/corporate-clients/:id/api-rate-limits': async () => ({
    as: admin,
    url: `corporate-clients/${(await freshCorporate()).corporateId}/api-rate-limits`,
    body: { keyPerS: 30, keyBurst: 60, clientPerS: null, clientBurst: null },
  }),
  'PUT /api/v1/corporate-clients/auto-topup': async () => ({
    as: admin,
    body: { corporateId: (await freshCorporate()).corporateId, enabled: true, ...pw },
  }),
  'PUT /api/v1/reset-password': async () => ({
    as: admin,
    body: { corporateId: (await freshCorporate()).corporateId, ...pw },
  }),
  'PUT /api/v1/test-mode': async () => ({
    as: admin,
    body: { corporateId: (await freshCorporate()).corporateId, allowed: true, ...pw },
  }),
  'PUT /api/v1/client-test-mode': async () => {
    const c = await freshCorporate();
    await must(admin, 'PUT', 'test-mode', { corporateId: c.corporateId, allowed: true, ...pw });
    return { as: c, body: { testMode: true } };
  },
  'POST /api/v1/commissions/settle': async () => {
    const c = await freshCorporate();
    await readyToVend(c);
    await vendOf(c);
    return { as: admin, body: { corporateId: c.corporateId, ...pw } };
  },

  // ---- funding
  'POST /api/v1/fund-request': async () => ({
    as: corp,
    body: { amount: '2500', transferReference: uniqueRef() },
  }),
  'POST /api/v1/postpaid-repayment': async () => ({
    as: await freshCorporate({ clientType: 'POSTPAID' }),
    body: { amount: '2500', transferReference: uniqueRef() },
  }),
  'POST /api/v1/fund-request-confirmation': async () => ({
    as: corp,
    body: { fundRequestId: (await fundRequestOf(corp)).id },
  }),
  'POST /api/v1/corporates-transactions/approve': async () => ({
    as: admin,
    body: { fundRequestId: (await fundRequestOf(corp)).id, ...pw },
  }),
  'POST /api/v1/corporates-transactions/decline': async () => ({
    as: admin,
    body: { fundRequestId: (await fundRequestOf(corp)).id, reason: 'No transfer received', ...pw },
  }),
  'POST /api/v1/fund': async () => ({
    as: admin,
    body: { corporateId: corp.corporateId, amount: '1000', reason: 'Goodwill credit', ...pw },
  }),
  'POST /api/v1/fund-postpaid': async () => ({
    as: admin,
    body: {
      corporateId: (await freshCorporate({ clientType: 'POSTPAID' })).corporateId,
      amount: '1000',
      reason: 'Repayment received',
      ...pw,
    },
  }),
  'POST /api/v1/fund-postpaidplus': async () => ({
    as: admin,
    body: {
      corporateId: (await freshCorporate({ clientType: 'POSTPAID_PLUS' })).corporateId,
      amount: '1000',
      reason: 'Top-up received',
      ...pw,
    },
  }),
  'POST /api/v1/fund/card/initialize': async () => ({ as: corp, body: { amount: '3000' } }),
  'POST /api/v1/fund/card/callback': async () => ({ as: null, raw: await cardCallback(corp) }),
  'POST /api/v1/gateway-sim/payments/:reference/reverse': async () => {
    // A payment paid and credited (its signed callback delivered), which the simulator reverses.
    const raw = await cardCallback(corp);
    const res = await inject(null, 'POST', 'fund/card/callback', undefined, { ...raw });
    if (res.statusCode !== 200) throw new Error(`setup callback: ${res.statusCode} ${res.body}`);
    const reference = JSON.parse(String(raw.payload)).data.reference as string;
    return { as: admin, url: `gateway-sim/payments/${reference}/reverse` };
  },

  // ---- catalogue
  'POST /api/v1/services/add': async () => ({
    as: admin,
    body: { network: 'AIRTEL', service: 'DATA', platform: 'VTU', commission: '2' },
  }),
  'PUT /api/v1/services/update/:id': async () => ({
    as: admin,
    url: `services/update/${(await serviceOf()).id}`,
    body: { network: 'GLO', service: 'DATA', platform: 'VTU', commission: '2.5' },
  }),
  'PUT /api/v1/services/status': async () => ({
    as: admin,
    body: { id: (await serviceOf()).id, status: 'INACTIVE' },
  }),
  'POST /api/v1/services/assign': async () => ({
    as: admin,
    body: { corporateId: (await freshCorporate()).corporateId, serviceIds: await activeServiceIds() },
  }),
  'PUT /api/v1/services/assign': async () => ({
    as: admin,
    body: { corporateId: (await freshCorporate()).corporateId, serviceIds: await activeServiceIds() },
  }),
  'POST /api/v1/data-plans/add': async () => ({
    as: admin,
    body: {
      network: 'MTN',
      code: `MTN-${uniq()}`,
      name: '2GB',
      size: '2GB',
      validity: '30 days',
      price: '1000',
    },
  }),
  'PUT /api/v1/data-plans/update/:id': async () => ({
    as: admin,
    url: `data-plans/update/${(await planOf()).id}`,
    body: { price: '550' },
  }),
  'PUT /api/v1/data-plans/status': async () => ({
    as: admin,
    body: { id: (await planOf()).id, status: 'INACTIVE' },
  }),
  'PUT /api/v1/admin/provider-plans': async () => ({
    as: admin,
    body: {
      dataPlanId: (await planOf()).id,
      provider: 'VTPASS',
      providerCode: `code-${uniq()}`,
      providerPrice: '500',
      active: true,
    },
  }),
  'POST /api/v1/admin/provider-plans/sync/accept': async () => ({
    as: admin,
    body: {
      provider: 'VTPASS',
      changes: [
        {
          dataPlanId: (await planOf()).id,
          providerCode: `code-${uniq()}`,
          providerPrice: '500',
          active: true,
        },
      ],
    },
  }),

  // ---- VTU lines
  'POST /api/v1/vtu/add': async () => ({
    as: admin,
    body: {
      name: `Line ${uniq()}`,
      network: 'MTN',
      msisdn: `0803${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    },
  }),
  'POST /api/v1/vtu/assign': async () => ({
    as: admin,
    body: { vtuLine: (await lineOf()).code, corporateId: corp.corporateId },
  }),
  'POST /api/v1/vtu/refresh': async () => ({ as: admin, body: { vtuLine: (await lineOf()).code } }),
  'POST /api/v1/vtu/public-api': async () => ({
    as: admin,
    body: { vtuLine: (await lineOf()).code, enabled: false },
  }),
  'POST /api/v1/vtu/status': async () => ({
    as: admin,
    body: { vtuLine: (await lineOf()).code, status: 'INACTIVE' },
  }),
  'PUT /api/v1/admin/providers/routes': async () => ({
    as: admin,
    body: { platform: 'VTU', providers: ['SIMULATOR'] },
  }),
  'POST /api/v1/admin/providers/:id/balance': async () => {
    // VTpass's keys are set for this file; a stand-in answers for it.
    const real = providersOf(t.app.ctx);
    const sim = real.sandbox;
    const vtpass = {
      name: 'VTPASS',
      vend: sim.vend.bind(sim),
      query: sim.query.bind(sim),
      balance: async () => ({ balanceKobo: 25_000_000 }),
    };
    installProviders(t.app.ctx, { ...real, upstreams: { VTPASS: vtpass } });
    return { as: admin, url: 'admin/providers/VTPASS/balance' };
  },
  'POST /api/v1/admin/providers/:id/health': async () => ({
    as: admin,
    url: 'admin/providers/VTPASS/health',
    body: { state: 'OPEN', reason: 'audit coverage: maintenance window', ...pw },
  }),
  'POST /api/v1/vtu/fund': async () => ({
    as: admin,
    body: { vtuLine: (await lineOf()).code, amount: '10000', reference: uniqueRef('VTU'), ...pw },
  }),

  // ---- vending
  'POST /api/v1/vend': async () => {
    const c = await freshCorporate();
    await readyToVend(c);
    return { as: c, body: { phone: '08031234567', type: 'AIRTIME', amount: '100' } };
  },
  'POST /api/v1/vend/bulk': async () => {
    const c = await freshCorporate();
    await readyToVend(c);
    return {
      as: c,
      body: { csv: 'phone,network,type,amount,planCode,reference\n08031234567,MTN,AIRTIME,100,,\n' },
    };
  },
  'POST /api/v1/bills/bulk/pay': async () => {
    const c = await freshCorporate();
    await readyToVend(c);
    return {
      as: c,
      body: {
        csv: 'biller,customerNumber,meterType,amount,bouquet,phone,reference\nIKEDC,1111111111111,PREPAID,1000,,08031234567,\n',
      },
    };
  },
  'POST /api/v1/bills/pay': async () => {
    const c = await freshCorporate();
    await readyToVend(c);
    return {
      as: c,
      body: {
        biller: 'IKEDC',
        customerNumber: '1111111111111',
        meterType: 'PREPAID',
        amount: '1000',
        phone: '08031234567',
      },
    };
  },
  'POST /api/v1/bills/:id/send': async () => {
    const c = await freshCorporate();
    await readyToVend(c);
    const bill = await must<{ id: string }>(c, 'POST', 'bills/pay', {
      biller: 'IKEDC',
      customerNumber: '1111111111111',
      meterType: 'PREPAID',
      amount: '1000',
      phone: '08031234567',
    });
    return { as: c, url: `bills/${bill.id}/send`, body: { email: 'customer@example.com' } };
  },
  'PATCH /api/v1/admin/billers/:id': async () => ({
    as: admin,
    url: `admin/billers/${await billerIdOf('EKEDC')}`,
    body: { commission: '1.25' },
  }),
  'POST /api/v1/admin/billers/status': async () => ({
    as: admin,
    body: { id: await billerIdOf('YEDC'), status: 'INACTIVE' },
  }),
  'POST /api/v1/admin/billers/assign': async () => ({
    as: admin,
    body: { corporateId: (await freshCorporate()).corporateId, billerIds: [await billerIdOf('IKEDC')] },
  }),
  'POST /api/v1/admin/billers/:id/bouquets/sync': async () => ({
    as: admin,
    url: `admin/billers/${await billerIdOf('STARTIMES')}/bouquets/sync`,
  }),
  'POST /api/v1/admin/bouquets/status': async () => {
    const list = await must<Array<{ id: string }>>(
      admin,
      'GET',
      `admin/billers/${await billerIdOf('DSTV')}/bouquets`,
    );
    return { as: admin, body: { id: list[0].id, status: 'INACTIVE' } };
  },
  // A requery settles a PENDING vend (a final one is only compared with the provider's word): this
  // number stays pending at first and succeeds on requery.
  'PUT /api/v1/transactions/query': async () => {
    const c = await freshCorporate();
    await readyToVend(c);
    const v = await must<{ id: string; status: string }>(c, 'POST', 'vend', {
      phone: '+2348000000003',
      network: 'MTN',
      type: 'AIRTIME',
      amount: '100',
    });
    return { as: c, body: { vendId: v.id } };
  },
  'POST /api/v1/vend/:id/reverse': async () => {
    const c = await freshCorporate();
    await readyToVend(c);
    const v = await vendOf(c);
    return { as: admin, url: `vend/${v.id}/reverse`, body: { reason: 'Customer did not receive it', ...pw } };
  },
  // A discrepancy as a provider's late word raises it (truths/late-truth.service), dismissed with a note.
  'POST /api/v1/admin/discrepancies/:id/resolve': async () => {
    const c = await freshCorporate();
    await readyToVend(c);
    const v = await vendOf(c);
    const [d] = await t.app.ctx.dbHandle.query<{ id: string }>(
      `insert into vend_discrepancies (key, kind, source, provider, vend_id, corporate_id, our_status, provider_status)
       values ($1, 'REFUNDED_AFTER_SUCCESS', 'CALLBACK', 'VTPASS', $2, $3, 'SUCCESSFUL', 'REFUNDED') returning id::text`,
      [`vend:${v.id}:REFUNDED_AFTER_SUCCESS`, v.id, c.corporateId],
    );
    return {
      as: admin,
      url: `admin/discrepancies/${d.id}/resolve`,
      body: { action: 'DISMISS', note: 'VTpass confirmed delivery', ...pw },
    };
  },
  'POST /api/v1/admin/reconciliations': async () => ({
    as: admin,
    body: { provider: 'SIMULATOR', day: previousLagosDay(new Date()) },
  }),
  'POST /api/v1/sandbox/fund': async () => ({ as: corp, body: { amount: '1000' } }),
  'POST /api/v1/api/sandbox/fund': async () => {
    const c = await freshCorporate();
    const key = keep(await apiKeyFor(t.app, c.corporateId, 'TEST'));
    return { as: { headers: { 'x-api-key': key } }, body: { amount: '1000' } };
  },

  // ---- settings: IP allow-list and webhook
  'POST /api/v1/ip/add': async () => ({
    as: corp,
    body: { address: `10.1.${Math.floor(Math.random() * 250)}.0/24` },
  }),
  'DELETE /api/v1/ip/:id': async () => {
    const ip = await must<{ id: string }>(corp, 'POST', 'ip/add', {
      address: `10.2.${Math.floor(Math.random() * 250)}.1`,
    });
    return { as: corp, url: `ip/${ip.id}` };
  },
  'POST /api/v1/web-hook-url': async () => ({ as: corp, body: { url: 'http://127.0.0.1:9/webhook' } }),
  'POST /api/v1/web-hook-url/rotate-secret': async () => {
    const c = await freshCorporate();
    await webhookSet(c);
    return { as: c, body: pw };
  },
  'DELETE /api/v1/web-hook-url': async () => {
    const c = await freshCorporate();
    await webhookSet(c);
    return { as: c, body: pw };
  },
  'POST /api/v1/webhooks/test': async () => {
    const c = await freshCorporate();
    await webhookSet(c);
    // Sent once to the URL set (nothing listens: the answer is a failed attempt, the call succeeds).
    return { as: c };
  },
  'POST /api/v1/webhooks/deliveries/:id/resend': async () => {
    const c = await freshCorporate();
    await webhookSet(c);
    const [d] = await t.app.ctx.db
      .insert(webhookDeliveries)
      .values({
        corporateId: c.corporateId,
        eventId: `evt_${randomBytes(16).toString('hex')}`,
        eventType: 'vend.successful',
        mode: 'LIVE',
        url: 'http://127.0.0.1:9/hook',
        body: '{}',
        status: 'FAILED',
      })
      .returning({ id: webhookDeliveries.id });
    return { as: c, url: `webhooks/deliveries/${d.id}/resend` };
  },

  // ---- verification
  'POST /api/v1/upload-documents': async () => ({
    as: await freshCorporate(),
    raw: multipart({ kind: 'CERTIFICATE_OF_INCORPORATION' }, [pdf]),
  }),
  'POST /api/v1/delete-document': async () => {
    const c = await freshCorporate();
    const up = await inject(c, 'POST', 'upload-documents', undefined, multipart({ kind: 'OTHER' }, [pdf]));
    const docs = up.json().data as Array<{ documentId: string }>;
    return { as: c, body: { documentId: docs[0].documentId } };
  },
  'POST /api/v1/update-document-kind': async () => {
    const c = await freshCorporate();
    const up = await inject(c, 'POST', 'upload-documents', undefined, multipart({ kind: 'OTHER' }, [pdf]));
    const docs = up.json().data as Array<{ documentId: string }>;
    return { as: c, body: { documentId: docs[0].documentId, kind: 'CERTIFICATE_OF_INCORPORATION' } };
  },
  'POST /api/v1/request-verification': async () => {
    const c = await freshCorporate();
    await inject(c, 'POST', 'upload-documents', undefined, multipart({ kind: 'OTHER' }, [pdf]));
    return { as: c };
  },
  'PUT /api/v1/verifications/verify': async () => {
    const c = await freshCorporate();
    await inject(c, 'POST', 'upload-documents', undefined, multipart({ kind: 'OTHER' }, [pdf]));
    await must(c, 'POST', 'request-verification');
    return { as: admin, body: { corporateId: c.corporateId, ...pw } };
  },
  'PUT /api/v1/verifications/decline': async () => {
    const c = await freshCorporate();
    await inject(c, 'POST', 'upload-documents', undefined, multipart({ kind: 'OTHER' }, [pdf]));
    await must(c, 'POST', 'request-verification');
    return { as: admin, body: { corporateId: c.corporateId, reason: 'Documents unreadable', ...pw } };
  },

  // ---- notifications
  'PUT /api/v1/notifications/clear': async () => {
    await notificationOf(corp.id);
    return { as: corp };
  },
  'PUT /api/v1/notifications/clear/:id': async () => ({
    as: corp,
    url: `notifications/clear/${await notificationOf(corp.id)}`,
  }),
  'POST /api/v1/notification-setup': async () => ({
    as: corp,
    body: { preferences: { 'funding.decided': { inApp: true, email: false } } },
  }),

  // ---- platform settings (admin) and the client's reconciliation
  'POST /api/v1/settings': async () => ({
    as: admin,
    body: {
      platformName: 'VendPort Nigeria',
      supportEmail: 'help@vendport.test',
      supportPhone: '0803 555 0100',
      fundingBankName: 'Lagos Merchant Bank',
      fundingAccountNumber: '0123456789',
      fundingAccountName: 'VendPort Collections Ltd',
      cardFeeRatePercent: '1.5',
      cardFeeFlat: '100',
      cardFeeFlatFrom: '2,500',
      cardFeeCap: '2,000',
      lowBalanceThreshold: '5,000',
      vtuLowFloatThreshold: '20,000',
      maxVendAmount: '50,000',
      vendFailureAlertCount: '3',
      maintenanceBanner: '',
    },
  }),
  // Left off, so that the journey's codes keep arriving in the outbox; the password is still
  // stored (sealed) and must never reach an audit entry.
  'POST /api/v1/settings/smtp': async () => ({
    as: admin,
    body: {
      enabled: false,
      host: 'smtp.audit.test',
      port: 587,
      user: 'relay',
      password: keep('Audit-Smtp-Secret-7731'),
      secure: false,
    },
  }),
  'POST /api/v1/settings/smtp/test': async () => ({ as: admin, body: { to: 'ops@audit.test' } }),
  'POST /api/v1/reconciliation/settings': async () => ({
    as: corp,
    body: { enabled: true, frequency: 'DAILY', emails: ['books@audit.test'], inApp: true, format: 'CSV' },
  }),
  // ---- auto top-up (a client the platform allows it for, with a funded wallet)
  'POST /api/v1/auto-topup/settings': async () => {
    const c = await autoTopupClient(t.app, 1_000_000);
    return { as: c, body: { ...SETTINGS, dailyCap: '5,000' } };
  },
  'POST /api/v1/auto-topup/subscribers': async () => ({
    as: await autoTopupClient(t.app, 1_000_000),
    body: {
      name: 'Ada Obi',
      phone: freshPhone(),
      type: 'AIRTIME',
      amount: '100',
      frequency: 'DAILY',
      time: '07:00',
    },
  }),
  'POST /api/v1/auto-topup/subscribers/import': async () => ({
    as: await autoTopupClient(t.app, 1_000_000),
    body: {
      csv: `Name,Phone,Type,Amount,Plan Code,Frequency,Weekday,Day,Date,Time\nAda,${freshPhone()},AIRTIME,100,,DAILY,,,,06:00\n`,
    },
  }),
  'PUT /api/v1/auto-topup/subscribers/:id': async () => {
    const c = await autoTopupClient(t.app, 1_000_000);
    const s = await addSubscriber(t.app, c);
    return {
      as: c,
      url: `auto-topup/subscribers/${s.id}`,
      body: {
        name: 'Bola Ade',
        phone: s.phone,
        type: 'AIRTIME',
        amount: '300',
        frequency: 'DAILY',
        time: '09:15',
      },
    };
  },
  'PUT /api/v1/auto-topup/subscribers/:id/pause': async () => {
    const c = await autoTopupClient(t.app, 1_000_000);
    const s = await addSubscriber(t.app, c);
    return { as: c, url: `auto-topup/subscribers/${s.id}/pause`, body: { paused: true } };
  },
  'DELETE /api/v1/auto-topup/subscribers/:id': async () => {
    const c = await autoTopupClient(t.app, 1_000_000);
    const s = await addSubscriber(t.app, c);
    return { as: c, url: `auto-topup/subscribers/${s.id}` };
  },
  'POST /api/v1/auto-topup/subscribers/:id/run': async () => {
    const c = await autoTopupClient(t.app, 1_000_000);
    const s = await addSubscriber(t.app, c);
    return { as: c, url: `auto-topup/subscribers/${s.id}/run` };
  },
  // The development hook (dev routes, this machine only): audited like any mutation.
  'POST /api/v1/dev/auto-topup/run-schedule': async () => {
    const c = await autoTopupClient(t.app, 1_000_000);
    await addSubscriber(t.app, c);
    return { as: null, body: { corporateId: c.corporateId } };
  },
  'POST /api/v1/reconciliation/statements': async () => {
    const today = new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
    return { as: corp, body: { startDate: today, endDate: today } };
  },
};

/** Audit rows whose summary holds one of the journey's secrets, or a token-shaped value. */
function leaksIn(rows: Array<{ action: string; summary: unknown }>): string[] {
  const leaks: string[] = [];
  // Codes are 6 digits: matched as whole numbers, not inside ids or amounts.
  for (const r of rows) {
    const text = JSON.stringify(r.summary);
    for (const s of secrets) {
      const hit = /^\d+$/.test(s) ? new RegExp(`(^|\\D)${s}(\\D|$)`).test(text) : text.includes(s);
      if (s.length >= 6 && hit) leaks.push(`${r.action}: ${s.slice(0, 2)}… in ${text.slice(0, 120)}`);
    }
    // Whatever the journey did not see: session tokens, API keys and webhook secrets by their shape.
    if (/vps_|vpk_(live|test)_|whsec_|"\$argon2/.test(text))
      leaks.push(`${r.action}: a token-shaped value in ${text}`);
  }
  return leaks;
}

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

beforeAll(async () => {
  t = await buildTestApp({ env: { VTPASS_API_KEY: 'k', VTPASS_SECRET_KEY: 's', VTPASS_PUBLIC_KEY: 'p' } });
  admin = await createAdmin(t.app);
  corp = await createCorporate(t.app, { name: 'Audit Journey Ltd' });
  keep(admin.token);
  keep(corp.token);
}, 120_000);
afterAll(() => t.close());

async function entriesBy(userAgent: string) {
  return t.app.ctx.db
    .select({ action: auditLogs.action })
    .from(auditLogs)
    .where(sql`${auditLogs.userAgent} = ${userAgent}`);
}

describe('[AUDIT] coverage of the route table', () => {
  it('[AUDIT] every mutation route writes an audit entry when it succeeds', async () => {
    const routes = routeTable(t.app).filter((r) => MUTATIONS.has(r.method));
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    // Checked after the journey, so that a route without a case does not stop the cases that
    // exist from running (the tests below read the entries and rows the journey leaves).
    const missing = keys.filter((k) => !CASES[k] && !EXEMPT[k]);
    const stale = [...Object.keys(CASES), ...Object.keys(EXEMPT)].filter((k) => !keys.includes(k));
    expect(stale, 'CASES or EXEMPT name routes that no longer exist').toEqual([]);

    const failures: string[] = [];
    for (const key of keys.filter((k) => CASES[k])) {
      const [method, path] = key.split(' ');
      let call: Call;
      try {
        call = await CASES[key]();
      } catch (e) {
        failures.push(`${key}: setup failed: ${(e as Error).message}`);
        continue;
      }
      const userAgent = `audit-coverage ${key} ${uniq()}`;
      const url = call.url ? `/api/v1/${call.url}` : path;
      const res = await t.app.inject({
        method: method as 'POST',
        url,
        headers: { ...(call.as?.headers ?? {}), ...(call.raw?.headers ?? {}), 'user-agent': userAgent },
        payload: (call.raw?.payload ?? call.body) as object,
      });
      // Keys, tokens and secrets a route hands back are secrets too.
      for (const m of res.body.match(/(vpk_(live|test)_|whsec_|vps_)[A-Za-z0-9_-]+/g) ?? []) keep(m);
      if (res.statusCode >= 300) {
        failures.push(
          `${key}: the case did not succeed (${res.statusCode} ${res.body.slice(0, 200)}); fix its CASE`,
        );
        continue;
      }
      const entries = await entriesBy(userAgent);
      if (entries.length === 0)
        failures.push(`${key}: succeeded (${res.statusCode}) but wrote no audit entry`);
    }
    expect(failures).toEqual([]);
    expect(
      missing,
      `Mutation routes without an audit case. Add each to CASES in apps/api/src/plugins/audit-coverage.test.ts
with a call that succeeds (and make the route write an audit entry): ${missing.join(', ')}`,
    ).toEqual([]);
    console.info(
      `[AUDIT] ${Object.keys(CASES).length} mutation routes write an entry; exempt: ${Object.keys(EXEMPT).join(', ')}`,
    );
  }, 300_000);

  it('[AUDIT] after the whole journey, no audit entry holds a secret', async () => {
    // Secrets the journey produced that the cases did not see directly: emailed codes and
    // temporary passwords, API keys revealed, webhook secrets.
    const mails = await t.app.ctx.dbHandle.query<{ text: string }>('select text from outbox_emails');
    for (const m of mails) {
      for (const code of m.text.match(/\b\d{6}\b/g) ?? []) secrets.add(code);
      const temp = /Temporary password: (\S+)/.exec(m.text);
      if (temp) secrets.add(temp[1]);
    }
    const reveal = await inject(corp, 'GET', 'api-key/copy?mode=LIVE', undefined, {
      headers: { 'x-confirm-password': TEST_PASSWORD },
    });
    const key = reveal.statusCode === 200 ? (reveal.json().data?.key as string | undefined) : undefined;
    keep(key);
    const rows = await t.app.ctx.db.select().from(auditLogs);
    expect(rows.length).toBeGreaterThan(Object.keys(CASES).length);
    // The scan finds a planted secret (a scan that finds nothing proves nothing otherwise).
    expect(leaksIn([{ action: 'planted', summary: { note: `x ${TEST_PASSWORD} y` } }])).toHaveLength(1);
    expect(leaksIn([{ action: 'planted', summary: { key: 'vpk_live_abcdefgh' } }])).toHaveLength(1);
    const leaks = leaksIn(rows);
    expect(leaks).toEqual([]);
  });
});

/** Every numeric value recorded under a key of kobo or basis points, anywhere in a summary. */
function rawUnits(action: string, o: unknown, out: Array<{ key: string; v: number }> = []) {
  if (Array.isArray(o)) for (const x of o) rawUnits(action, x, out);
  else if (o && typeof o === 'object')
    for (const [k, v] of Object.entries(o)) {
      const type = auditField(action, k).type;
      if (typeof v === 'number' && Math.abs(v) >= 100 && (type === 'money' || type === 'percent'))
        out.push({ key: k, v });
      else rawUnits(action, v, out);
    }
  return out;
}

describe('[AUDIT] entries people can read (issue 53 point 6)', () => {
  it('[AUDIT] one entry of every action renders typed: no raw kobo, basis points or id in its changes', async () => {
    const rows = await t.app.ctx.db.select().from(auditLogs);
    const byAction = new Map<string, (typeof rows)[number]>();
    // The entry with the most fields stands for its action (a before/after over a bare one).
    for (const r of rows) {
      const had = byAction.get(r.action);
      if (!had || JSON.stringify(r.summary).length > JSON.stringify(had.summary).length)
        byAction.set(r.action, r);
    }
    expect(byAction.size).toBeGreaterThan(50);
    const names = await auditNamesOf(t.app.ctx.db, [...byAction.values()]);
    const bad: string[] = [];
    for (const [action, r] of byAction) {
      const text = auditChangesText(action, r.summary, namesFor(r, names));
      const say = (why: string) => bad.push(`${action}: ${why} in "${text}"`);
      if (/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.test(text)) say('an id');
      if (/\bkobo\b|\bbps\b/i.test(text)) say('a unit name');
      // Whatever its key: a field whose value is a bare number of five digits or more is an amount
      // in kobo shown raw (a phone or account number starts with + or 0; money reads ₦1,000.00).
      if (/(: |→ )[1-9]\d{4,}( ·|,|$)/.test(text)) say('a bare large number');
      for (const { key, v } of rawUnits(action, r.summary))
        if (new RegExp(`(^|[^\\d,.₦])${Math.abs(v)}([^\\d,.%]|$)`).test(text)) say(`${key} ${v} unformatted`);
      // A field recorded under two names (commissionBps before, commission after) lines up as one.
      for (const line of auditChanges(action, r.summary, namesFor(r, names)))
        if (
          line.before === '—' &&
          line.after !== '—' &&
          text.includes(`${line.field}: `) &&
          text.split(`${line.field}:`).length > 2
        )
          say(`${line.field} on two lines`);
    }
    expect(bad).toEqual([]);
    // The cases the issue names, as they read now.
    const read = (action: string) => {
      const r = byAction.get(action);
      expect(r, `the journey wrote no ${action}`).toBeDefined();
      return auditChangesText(action, r!.summary, namesFor(r!, names));
    };
    expect(read('service.update')).toMatch(/Commission: \d+\.\d{2}% → \d+\.\d{2}%/);
    expect(read('user.create')).toMatch(/Role: [A-Z]/);
    expect(read('data-plan.update')).toMatch(/Price: ₦[\d,]+\.\d{2} → ₦[\d,]+\.\d{2}/);
    for (const a of [
      'service.update',
      'user.create',
      'data-plan.update',
      'auto-topup.subscriber.update',
      'settings.platform.update',
    ])
      console.info(`[AUDIT] ${a}: ${read(a)}`);
  });
});

describe('[CSV] exports say what the screens say (issue 53 point 3)', () => {
  it('[CSV] every CSV export of the route table writes enum columns in screen words, not codes', async () => {
    // The exports, from the documented route table: every GET whose query takes format=csv.
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { parameters?: Array<{ name: string; in: string; schema?: { enum?: string[] } }> }>
      >;
    };
    const exports = Object.entries(doc.paths)
      .filter(([, ops]) =>
        ops.get?.parameters?.some(
          (p) => p.in === 'query' && p.name === 'format' && p.schema?.enum?.includes('csv'),
        ),
      )
      .map(([path]) => path);
    expect(exports.length).toBeGreaterThan(5);
    // Rows the journey did not leave: a client's own vend (delivered through a VTU line's float, as
    // a VTU vend records it) and an auto top-up run.
    const atc = await autoTopupClient(t.app, 1_000_000);
    const sub = await addSubscriber(t.app, atc);
    expect((await inject(atc, 'POST', `auto-topup/subscribers/${sub.id}/run`)).statusCode).toBeLessThan(300);
    const v = await inject(atc, 'POST', 'vend', {
      phone: '+2348000000001',
      network: 'MTN',
      type: 'AIRTIME',
      amount: '500',
    });
    expect(v.statusCode, v.body).toBe(200);
    await t.app.ctx.dbHandle.query(
      `update vends set float_line_id = l.id, vtu_line_id = l.id from (select id from vtu_lines limit 1) l where vends.id = $1`,
      [v.json().data.id],
    );
    // The codes that have words of their own on screen; none may be a cell.
    const codes = new Map<string, string>();
    for (const table of SCREEN_WORD_TABLES)
      for (const [code, words] of Object.entries(table)) if (code !== words) codes.set(code, words);
    for (const s of [...VEND_STATUSES, ...FUNDING_STATUSES, ...CARD_PAYMENT_STATUSES])
      codes.set(s, statusWords(s));
    const bad: string[] = [];
    const checked: string[] = [];
    const empty: string[] = [];
    for (const path of exports) {
      let rows = 0;
      for (const who of [admin, corp, atc]) {
        const url = `${path.replace('{id}', atc.corporateId)}?format=csv`;
        const res = await t.app.inject({ method: 'GET', url, headers: who.headers });
        if (res.statusCode !== 200) continue;
        const table = parseCsv(res.body);
        rows += table.length - 1;
        for (const row of table.slice(1))
          for (const [i, cell] of row.entries())
            if (codes.has(cell))
              bad.push(`${path} "${table[0]![i]}": ${cell} (the screens say ${codes.get(cell)})`);
      }
      if (rows) checked.push(path);
      else empty.push(path);
    }
    expect([...new Set(bad)]).toEqual([]);
    // Exports the journey leaves no row in (issue 50's gateway and discrepancy lists need Paystack
    // or a contradicting provider) are named, and the rest must be most of them.
    if (empty.length) console.info(`[CSV] exports with no row to check: ${empty.join(', ')}`);
    expect(checked.length).toBeGreaterThanOrEqual(exports.length - 3);
  });
});

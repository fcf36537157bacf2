// npm run bench:gateway — money in, to the kobo (issue 50): 200 payments through the Paystack
// stand-in (mocks/paystack) in its webhook-dropping mode, then the wallets compared with what the
// stand-in says was paid in, less what it says was refunded or lost in disputes.
//
// In one process: the stand-in on a free port, dropping GATEWAY_BENCH_DROP of its webhooks (0.3 by
// default: every third or so never sent), and the API on a fresh database (PGlite; PostgreSQL with
// TEST_DB_KIND=pg TEST_DATABASE_URL=…) listening for the webhooks that are sent. 20 verified clients
// each get a dedicated account; 100 card payments and 100 transfers into the accounts are paid; of
// the card payments, 20 are partly refunded (some twice), 10 refunded in full, 15 disputed (5 lost,
// 5 won, 5 lost then won). The queue's jobs run as they would, and then the reconciliation sweep
// twice. Then:
//   paid in (stand-in) - refunded - lost in disputes  ==  wallets + card fees kept  ==  -gateway clearing
// and the ledger check is clean. It prints the figures and exits 1 on any difference. The last line
// is the result as JSON (GATEWAY_RESULT {...}).

import { checkBooks } from '../apps/api/src/books';
import { runDueJobs } from '../apps/api/src/jobs';
import { PAYSTACK_WEBHOOK_PATH } from '../apps/api/src/modules/funding/gateway/paystack-webhook.routes';
import { reconcileGateway } from '../apps/api/src/modules/funding/gateway-recon/gateway-recon.service';
import { createCorporate, type TestUser } from '../apps/api/src/test/factories';
import { buildTestApp } from '../apps/api/src/test/harness';
import { MOCK_SECRET_KEY, startPaystackMock } from '../mocks/paystack/server.ts';

const DROP = Number(process.env.GATEWAY_BENCH_DROP ?? 0.3);
const CLIENTS = 20;
const CARDS = 100;
const TRANSFERS = 100;

const started = Date.now();
const mock = await startPaystackMock({ port: 0 });
const t = await buildTestApp({
  env: {
    CARD_GATEWAY: 'paystack',
    PAYSTACK_BASE_URL: mock.baseUrl,
    PAYSTACK_SECRET_KEY: MOCK_SECRET_KEY,
    PAYSTACK_DVA_BANK: 'test-bank',
  },
});
const serverUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
const ps = mock.app.paystack;
ps.webhookUrl = `${serverUrl}${PAYSTACK_WEBHOOK_PATH}`;
ps.dropWebhooks = DROP;

const inject = async (user: TestUser, method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const res = await t.app.inject({ method, url, headers: user.headers, payload: payload as never });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
};
/** The queue as the server runs it, until nothing is due (the stand-in's webhooks settled first). */
const drain = async () => {
  await ps.settled();
  while ((await runDueJobs(t.app.ctx, { batch: 20 })) > 0) await ps.settled();
};

// ---- clients, each with its own account number
const clients: Array<{ user: TestUser; accountNumber: string }> = [];
for (let i = 0; i < CLIENTS; i++) {
  const user = await createCorporate(t.app);
  await t.app.ctx.dbHandle.query(`update corporates set verification_status = 'VERIFIED' where id = $1`, [
    user.corporateId,
  ]);
  const { account } = await inject(user, 'POST', '/api/v1/fund/dedicated-account');
  clients.push({ user, accountNumber: account.accountNumber });
}

// ---- 100 card payments and 100 transfers, amounts varied to the kobo
const cards: string[] = [];
for (let i = 0; i < CARDS; i++) {
  const { user } = clients[i % CLIENTS];
  const naira = 1_000 + ((i * 733) % 49_000);
  const p = await inject(user, 'POST', '/api/v1/fund/card/initialize', {
    amount: `${naira}.${String(i % 100).padStart(2, '0')}`,
  });
  ps.complete(p.reference, 'success');
  cards.push(p.reference);
}
for (let i = 0; i < TRANSFERS; i++) {
  const { accountNumber } = clients[i % CLIENTS];
  ps.transferIn(accountNumber, 50_000 + ((i * 104_729) % 5_000_000), `Sender ${i}`);
}
await drain();

// ---- refunds: 20 partial (every fourth of them twice), 10 in full
for (let i = 0; i < 20; i++) {
  const ref = cards[i];
  const amount = ps.transactions.get(ref)!.amount;
  ps.refund(ref, Math.floor(amount / 3));
  if (i % 4 === 0) ps.refund(ref, Math.floor(amount / 5));
}
for (let i = 20; i < 30; i++) ps.refund(cards[i]);
await drain();

// ---- disputes: 5 lost, 5 won, 5 lost then won
const disputes = cards.slice(30, 45).map((ref) => ps.openDispute(ref)!);
await drain();
disputes.forEach((d, i) => {
  ps.resolveDispute(d.id, i < 5 || i >= 10 ? 'merchant-accepted' : 'declined');
});
await drain();
for (const d of disputes.slice(10)) ps.resolveDispute(d.id, 'declined');
await drain();

// ---- what the dropped webhooks left behind: the sweep finds it
const dropped = ps.dropped.length;
ps.dropWebhooks = 0;
const runs = [];
for (let i = 0; i < 2; i++) {
  const run = await reconcileGateway(t.app.ctx, 'SWEEP');
  await drain();
  runs.push({
    credited: run?.creditedCount,
    discrepancies: run?.discrepancyCount,
    difference: (run?.paystackTotalKobo ?? 0) - (run?.oursTotalKobo ?? 0),
  });
}

// ---- the figures
const books = ps.books();
const disputesLostKobo = [...ps.disputes.values()]
  .filter((d) => d.resolution === 'merchant-accepted')
  .reduce((s, d) => s + d.refundAmount, 0);
const expectedKobo = books.paidInKobo - books.refundedKobo - disputesLostKobo;
const q = async (text: string, params: unknown[] = []) =>
  Number((await t.app.ctx.dbHandle.query<{ v: string }>(text, params))[0]?.v ?? 0);
const walletsKobo = await q(
  `select coalesce(sum(balance_kobo), 0)::text as v from ledger_accounts where code like 'WALLET:%'`,
);
const feesKobo = await q(
  `select balance_kobo::text as v from ledger_accounts where code = 'SYSTEM:FEE_INCOME'`,
);
const clearingKobo = await q(
  `select balance_kobo::text as v from ledger_accounts where code = 'SYSTEM:GATEWAY_CLEARING'`,
);
const openDiscrepancies = await q(
  `select count(*)::text as v from gateway_discrepancies where status = 'OPEN'`,
);
const discrepancyRows = await t.app.ctx.dbHandle.query<{ kind: string; reference: string; detail: string }>(
  `select kind, reference, detail from gateway_discrepancies where status = 'OPEN' order by created_at`,
);
const report = await checkBooks(t.app.ctx.db);
const violations = report.checks.filter((c) => c.violations > 0).map((c) => c.name);

const naira = (k: number) => `₦${(k / 100).toLocaleString('en-NG', { minimumFractionDigits: 2 })}`;
const result = {
  payments: books.payments,
  webhooksSent: ps.webhooks.length,
  webhooksDropped: dropped,
  paidInKobo: books.paidInKobo,
  refundedKobo: books.refundedKobo,
  disputesLostKobo,
  expectedKobo,
  walletsKobo,
  feesKobo,
  walletsPlusFeesKobo: walletsKobo + feesKobo,
  clearingKobo,
  differenceKobo: expectedKobo - (walletsKobo + feesKobo),
  openDiscrepancies,
  sweeps: runs,
  ledgerViolations: violations,
  seconds: Math.round((Date.now() - started) / 1000),
};
console.log(`Paystack stand-in, ${Math.round(DROP * 100)}% of webhooks dropped (${dropped} of ${ps.webhooks.length + dropped})
  payments                     ${books.payments} (${CARDS} cards, ${TRANSFERS} transfers)
  paid in (stand-in)           ${naira(books.paidInKobo)}
  refunded (stand-in)          ${naira(books.refundedKobo)}
  lost in disputes (stand-in)  ${naira(disputesLostKobo)}
  expected                     ${naira(expectedKobo)}
  wallets                      ${naira(walletsKobo)}
  card fees kept               ${naira(feesKobo)}
  wallets + fees               ${naira(walletsKobo + feesKobo)}
  gateway clearing             ${naira(clearingKobo)}
  difference                   ${result.differenceKobo} kobo
  sweeps                       ${JSON.stringify(runs)}
  open discrepancies           ${openDiscrepancies}
${discrepancyRows.map((d) => `    ${d.kind} ${d.reference}: ${d.detail}`).join('\n')}
  ledger check                 ${violations.length ? violations.join('; ') : 'clean'}
  took                         ${result.seconds} s`);
console.log(`GATEWAY_RESULT ${JSON.stringify(result)}`);
await mock.app.close();
await t.close();
const ok =
  result.differenceKobo === 0 &&
  clearingKobo === -expectedKobo &&
  !violations.length &&
  openDiscrepancies === 0;
process.exit(ok ? 0 : 1);

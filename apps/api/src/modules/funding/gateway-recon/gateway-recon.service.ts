// Gateway reconciliation (issue 50 point 1): Paystack's list of what was paid, matched by reference
// with what VendPort credited, so that no payment is dropped because a webhook never came or a check
// gave up. A sweep runs every few minutes over the last 48 hours, and a daily pass over the previous
// Lagos day (one per day).
//
// For each transaction Paystack lists as paid (success, or reversed: paid then refunded or
// disputed) in the window (GET /transaction?from&to, every page):
//   - a transfer into a dedicated account with no credit: checked and credited by the same path as
//     its webhook (checkDedicatedTransfer: verify, then one credit per reference under the account's
//     row lock, so the sweep and a webhook arriving at the same moment credit once);
//   - a card payment not credited: checked as its webhook would (checkCardPaymentAtGateway);
//   - then, what still does not match is a discrepancy, raised once per kind and reference:
//     UNCREDITED (Paystack lists it as paid, and it is still not credited here: its verify has not
//     confirmed it for UNCONFIRMED_GRACE_MS, or confirms something our credit refuses), AMOUNT_MISMATCH, CURRENCY_MISMATCH,
//     UNKNOWN_CUSTOMER (a transfer to a customer with no account of ours), UNKNOWN_REFERENCE (a card
//     payment we never started).
// Refunds and disputes of the window (GET /refund, GET /dispute) re-check their payments, so one
// whose webhook was lost is still booked (card-money.service.ts). Our credits of the window that
// Paystack does not list are verified one by one (a boundary is not a discrepancy) and, when Paystack
// has no successful payment for them, raised as NO_PAYMENT.
// Each run keeps Paystack's total (what it lists as paid, NGN), ours (what we credited in the window,
// and what was reversed before any credit) and the difference, for the admin's screen.
import { formatNaira, lagosDateOf } from '@vendport/shared';
import { recordAudit } from '../../../infra/audit';
import type { AppContext } from '../../../infra/context';
import { lagosDayStart } from '../../../infra/lagos-time';
import type { RequestContext } from '../../../infra/request-context';
import { notifyAdmins } from '../../notifications';
import { checkCardPaymentAtGateway, gatewayOf } from '../card/card.service';
import { readableId } from '../codes';
import { paystackApi, paystackEnabled } from '../gateway/paystack/api';
import type { ListedTransaction } from '../gateway/paystack/money';
import { findDedicatedAccountByCustomer } from '../transfer/dedicated-account.repo';
import { checkDedicatedTransfer } from '../transfer/dedicated-account.service';
import {
  type DiscrepancyRow,
  finishRun,
  insertRun,
  ourCreditsIn,
  oursByReference,
  type ReconRunRow,
  raiseDiscrepancy,
} from './gateway-recon.repo';

export const SWEEP_WINDOW_MS = 48 * 3_600_000;
/** A paid payment whose verify stays unclear this long after it was paid is shown to admins. */
export const UNCONFIRMED_GRACE_MS = 30 * 60_000;

export type DiscrepancyKind =
  | 'UNCREDITED'
  | 'NO_PAYMENT'
  | 'AMOUNT_MISMATCH'
  | 'CURRENCY_MISMATCH'
  | 'UNKNOWN_CUSTOMER'
  | 'UNKNOWN_REFERENCE';

const PAID = new Set(['success', 'reversed']);

interface Finding {
  kind: DiscrepancyKind;
  reference: string;
  corporateId?: string | null;
  channel: string;
  paystackAmountKobo: number | null;
  paystackCurrency: string | null;
  oursAmountKobo: number | null;
  detail: string;
}

/** The window of a kind of run at `now`: the last 48 hours, or the previous Lagos day. */
export function reconWindow(kind: 'SWEEP' | 'DAILY', now: Date) {
  if (kind === 'SWEEP') return { from: new Date(now.getTime() - SWEEP_WINDOW_MS), to: now, day: null };
  const to = lagosDayStart(lagosDateOf(now));
  const from = new Date(to.getTime() - 24 * 3_600_000);
  return { from, to, day: lagosDateOf(from) };
}

/** One run. Null when Paystack is not the gateway, or the day's DAILY run exists already. */
export async function reconcileGateway(
  ctx: AppContext,
  kind: 'SWEEP' | 'DAILY',
  now = new Date(),
): Promise<ReconRunRow | null> {
  if (!paystackEnabled(ctx)) return null;
  const { from, to, day } = reconWindow(kind, now);
  const run = await insertRun(ctx.db, { kind, windowFrom: from, windowTo: to, day });
  if (!run) return null;
  try {
    return await sweep(ctx, run, from, to);
  } catch (err) {
    ctx.log.error({ err, runId: run.id }, 'gateway reconciliation failed');
    return finishRun(ctx.db, run.id, {
      status: 'FAILED',
      error: String((err as Error).message ?? err).slice(0, 500),
    });
  }
}

/**
 * An admin's "Reconcile now": the sweep over the last 48 hours, with an audit entry of what it
 * found (it may credit payments, so who asked for it is on record).
 */
export async function reconcileGatewayNow(ctx: AppContext, rc: RequestContext): Promise<ReconRunRow | null> {
  const run = await reconcileGateway(ctx, 'SWEEP');
  if (run)
    await recordAudit(ctx.db, rc, {
      action: 'funding.gateway_reconciliation.run',
      targetType: 'gateway_recon_run',
      targetId: run.id,
      summary: {
        status: run.status,
        credited: run.creditedCount,
        discrepancies: run.discrepancyCount,
      },
    });
  return run;
}

async function sweep(ctx: AppContext, run: ReconRunRow, from: Date, to: Date): Promise<ReconRunRow> {
  const api = paystackApi(ctx);
  const listed = await api.transactionsIn({ from, to, perPage: 100 });
  if (!listed.ok)
    return finishRun(ctx.db, run.id, { status: 'FAILED', error: `Paystack list: ${listed.detail}` });
  const paid = listed.data.filter((t) => PAID.has(t.status));
  const findings: Finding[] = [];
  let creditedNow = 0;

  const ours = await oursByReference(
    ctx.db,
    paid.map((t) => t.reference),
  );
  // Paid longer ago than the grace: a verify still unclear is shown to admins, not waited for.
  const overdue = (t: ListedTransaction) =>
    Date.now() - new Date(t.paid_at ?? t.created_at ?? 0).getTime() > UNCONFIRMED_GRACE_MS;
  for (const t of paid) {
    const outcome =
      t.channel === 'dedicated_nuban'
        ? await matchTransfer(ctx, t, ours, overdue(t))
        : await matchCard(ctx, t, ours, overdue(t));
    if (outcome === 'credited') creditedNow++;
    else if (outcome) findings.push(outcome);
  }

  // Refunds and disputes of the window: their payments are checked again (a lost refund webhook).
  const byId = new Map(listed.data.map((t) => [t.id, t.reference]));
  const recheck = new Set<string>();
  const [refunds, disputes] = await Promise.all([api.refundsIn(from, to), api.disputesIn(from, to)]);
  if (refunds.ok)
    for (const r of refunds.data) {
      const id = typeof r.transaction === 'number' ? r.transaction : r.transaction?.id;
      if (!id) continue;
      let reference = byId.get(id);
      if (!reference) {
        const fetched = await api.fetchTransaction(id);
        if (fetched.ok) reference = fetched.data.reference;
      }
      if (reference) recheck.add(reference);
    }
  if (disputes.ok) for (const d of disputes.data) recheck.add(d.transaction.reference);
  for (const reference of recheck) await checkCardPaymentAtGateway(ctx, reference);

  // Our credits of the window that Paystack does not list as paid: verified one by one.
  const listedPaid = new Set(paid.map((t) => t.reference));
  const mine = await ourCreditsIn(ctx.db, from, to);
  const gateway = gatewayOf(ctx)!;
  for (const c of mine) {
    if (listedPaid.has(c.reference)) continue;
    const v = await gateway.verify(c.reference);
    if (v.status === 'UNKNOWN') continue;
    if (v.gatewayStatus && PAID.has(v.gatewayStatus)) continue;
    findings.push({
      kind: 'NO_PAYMENT',
      reference: c.reference,
      channel: c.channel,
      paystackAmountKobo: null,
      paystackCurrency: null,
      oursAmountKobo: c.amountKobo,
      detail: `Credited here, but Paystack ${v.status === 'NOT_FOUND' ? 'does not know this transaction' : `says ${v.gatewayStatus ?? v.status}`}`,
    });
  }

  let raised = 0;
  for (const f of findings) {
    const row = await raiseDiscrepancy(ctx.db, { ...f, code: readableId('GD'), runId: run.id });
    if (row) raised++;
  }
  if (raised)
    await notifyAdmins(
      ctx.db,
      'funding.read',
      'Payment gateway discrepancies',
      `The reconciliation with Paystack found ${raised} new discrepanc${raised === 1 ? 'y' : 'ies'} between what Paystack received and what wallets were credited. Review them on the Gateway reconciliation screen.`,
      'funding.reversed',
    );
  const paystackTotal = paid.filter((t) => t.currency === 'NGN').reduce((s, t) => s + t.amount, 0);
  // Ours: what we credited in the window, and what Paystack lists as paid then reversed that we
  // marked REVERSED before any credit (refunded or charged back first: rightly never credited).
  const oursNow = await ourCreditsIn(ctx.db, from, to);
  const credited = new Set(oursNow.map((c) => c.reference));
  const after = await oursByReference(
    ctx.db,
    paid.filter((t) => t.status === 'reversed' && !credited.has(t.reference)).map((t) => t.reference),
  );
  const reversedFirst = [...after.cards.values()].filter((p) => p.status === 'REVERSED' && !p.transferId);
  return finishRun(ctx.db, run.id, {
    status: 'DONE',
    paystackCount: paid.length,
    paystackTotalKobo: paystackTotal,
    oursCount: oursNow.length + reversedFirst.length,
    oursTotalKobo:
      oursNow.reduce((s, c) => s + c.amountKobo, 0) + reversedFirst.reduce((s, p) => s + p.totalKobo, 0),
    creditedCount: creditedNow,
    discrepancyCount: findings.length,
  });
}

type Ours = Awaited<ReturnType<typeof oursByReference>>;

async function matchTransfer(
  ctx: AppContext,
  t: ListedTransaction,
  ours: Ours,
  overdue: boolean,
): Promise<Finding | 'credited' | null> {
  const base = {
    reference: t.reference,
    channel: 'dedicated_nuban',
    paystackAmountKobo: t.amount,
    paystackCurrency: t.currency,
  };
  const existing = ours.transfers.get(t.reference);
  if (existing) {
    if (existing.amountKobo === t.amount) return null;
    return {
      ...base,
      kind: 'AMOUNT_MISMATCH',
      corporateId: existing.corporateId,
      oursAmountKobo: existing.amountKobo,
      detail: `Credited ${formatNaira(existing.amountKobo)}, Paystack received ${formatNaira(t.amount)}`,
    };
  }
  if (t.status !== 'success') return null;
  // The same path as the webhook's check: verify, then one credit per reference.
  const done = await checkDedicatedTransfer(ctx, t.reference);
  if (done.credited) return 'credited';
  // Paystack's verify has not answered clearly yet: the next sweep asks again, admins see it once overdue.
  if (done.retry && !overdue) return null;
  const code = t.customer?.customer_code ?? null;
  const account = code ? await findDedicatedAccountByCustomer(ctx.db, code) : undefined;
  if (!account)
    return {
      ...base,
      kind: 'UNKNOWN_CUSTOMER',
      oursAmountKobo: null,
      detail: `No dedicated account has the Paystack customer ${code ?? '(none)'}`,
    };
  if (t.currency !== 'NGN')
    return {
      ...base,
      kind: 'CURRENCY_MISMATCH',
      corporateId: account.corporateId,
      oursAmountKobo: null,
      detail: `Paid in ${t.currency}`,
    };
  return {
    ...base,
    kind: 'UNCREDITED',
    corporateId: account.corporateId,
    oursAmountKobo: null,
    detail: `Paid at Paystack, not credited: ${done.why ?? `Paystack's verify has not confirmed it (${done.retry})`}`,
  };
}

async function matchCard(
  ctx: AppContext,
  t: ListedTransaction,
  ours: Ours,
  overdue: boolean,
): Promise<Finding | 'credited' | null> {
  const base = {
    reference: t.reference,
    channel: t.channel ?? 'card',
    paystackAmountKobo: t.amount,
    paystackCurrency: t.currency,
  };
  let p = ours.cards.get(t.reference);
  if (!p)
    return {
      ...base,
      kind: 'UNKNOWN_REFERENCE',
      oursAmountKobo: null,
      detail: 'Paid at Paystack with a reference VendPort never issued',
    };
  let creditedNow = false;
  let unclear: string | undefined;
  if (!p.transferId) {
    const checked = await checkCardPaymentAtGateway(ctx, t.reference);
    if (checked && 'payment' in checked) {
      p = checked.payment;
      creditedNow = checked.credited;
      if (checked.unclear) unclear = checked.detail ?? 'the gateway answer was unclear';
    }
  }
  if (creditedNow) return 'credited';
  if (p.transferId) {
    if (p.totalKobo === t.amount && t.currency === 'NGN') return null;
    return {
      ...base,
      kind: t.currency !== 'NGN' ? 'CURRENCY_MISMATCH' : 'AMOUNT_MISMATCH',
      corporateId: p.corporateId,
      oursAmountKobo: p.totalKobo,
      detail: `Credited for ${formatNaira(p.totalKobo)}, Paystack has ${t.amount} ${t.currency} subunits`,
    };
  }
  // Refunded or disputed before it was credited: nothing is owed either way.
  if (t.status !== 'success') return null;
  if (p.status === 'REVIEW')
    return {
      ...base,
      kind: t.currency !== 'NGN' ? 'CURRENCY_MISMATCH' : 'AMOUNT_MISMATCH',
      corporateId: p.corporateId,
      oursAmountKobo: null,
      detail:
        p.statusReason ??
        `Paystack has ${t.amount} ${t.currency} subunits, VendPort asked for ${formatNaira(p.totalKobo)}`,
    };
  // Paystack's verify was unclear: the next sweep asks again; admins see it once overdue.
  if (unclear && !overdue) return null;
  return {
    ...base,
    kind: 'UNCREDITED',
    corporateId: p.corporateId,
    oursAmountKobo: null,
    detail: unclear
      ? `Paystack lists it as paid; its verify has not confirmed it (${unclear})`
      : `Paid at Paystack but ${p.status} here: ${p.statusReason ?? 'not credited'}`,
  };
}

export type { DiscrepancyRow };

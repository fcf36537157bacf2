// Resolving a gateway discrepancy (issue 50 point 1): an admin's action, password-confirmed,
// audited, once (the row is locked FOR UPDATE and must be OPEN; the ledger reference
// `gateway-discrepancy:<id>` is unique). What each action moves:
//   held = Paystack's amount less what we credited for it (0 when nothing was credited);
//   CREDIT    (held > 0, NGN): the client's wallet gets `held` from gateway clearing (Paystack owes
//             it to us), and what the client owes for reversed card payments is recovered from it;
//             an UNCREDITED payment of ours is instead checked again by its own path (card payment or
//             transfer check: one credit per reference), so that no later check can credit it twice;
//   REFUND    (held > 0): Paystack refunds `held` to the payer (POST /refund); nothing moves on our
//             books, which never held that money; the refund is recorded on the discrepancy;
//   WRITE_OFF: held > 0 (NGN), the platform keeps it: clearing gives `held` to SYSTEM:GATEWAY_WRITE_OFF;
//             held < 0 (a credit with no payment at Paystack), the platform bears it: clearing gets
//             it back from SYSTEM:GATEWAY_WRITE_OFF; a non-NGN amount is closed with nothing moved.
// resolved_amount_kobo is what gateway clearing gave (negative: what it got back), so the books
// check can read each resolution's transfer against its row.
import { formatNaira, koboToNairaString } from '@vendport/shared';
import { recordAudit } from '../../../infra/audit';
import type { AppContext } from '../../../infra/context';
import { CSV_EXPORT_LIMIT, lagosDateTime, toCsv } from '../../../infra/csv';
import { AppError, notFound } from '../../../infra/errors';
import { callerOf, type RequestContext } from '../../../infra/request-context';
import { corporateName } from '../../corporates';
import { systemAccountId, transfer, walletAccountId } from '../../ledger';
import { notifyCorporate } from '../../notifications';
import { checkCardPaymentAtGateway } from '../card/card.service';
import { recoverCardReceivables } from '../card/card-reversal.service';
import { paystackApi } from '../gateway/paystack/api';
import { findAutoTransfer } from '../transfer/dedicated-account.repo';
import { checkDedicatedTransfer } from '../transfer/dedicated-account.service';
import {
  type DiscrepancyRow,
  findDiscrepancy,
  listDiscrepancies,
  lockDiscrepancy,
  type ReconRunRow,
  recentRuns,
  updateDiscrepancy,
} from './gateway-recon.repo';

export type DiscrepancyAction = 'CREDIT' | 'REFUND' | 'WRITE_OFF';

/** Paystack's amount less what we credited for it: what Paystack holds that no wallet has. */
export const heldKobo = (d: DiscrepancyRow) => (d.paystackAmountKobo ?? 0) - (d.oursAmountKobo ?? 0);

/** The actions a discrepancy allows, from what it holds. */
export function actionsOf(d: DiscrepancyRow): DiscrepancyAction[] {
  if (d.status !== 'OPEN') return [];
  const held = heldKobo(d);
  const ngn = (d.paystackCurrency ?? 'NGN') === 'NGN';
  const out: DiscrepancyAction[] = [];
  if (held > 0 && ngn) out.push('CREDIT');
  if (held > 0) out.push('REFUND');
  out.push('WRITE_OFF');
  return out;
}

export function discrepancyView(d: DiscrepancyRow, names: Map<string, string> = new Map()) {
  return {
    id: d.id,
    code: d.code,
    kind: d.kind,
    reference: d.reference,
    channel: d.channel,
    corporateId: d.corporateId,
    corporateName: d.corporateId ? (names.get(d.corporateId) ?? null) : null,
    paystackAmountKobo: d.paystackAmountKobo,
    paystackCurrency: d.paystackCurrency,
    oursAmountKobo: d.oursAmountKobo,
    heldKobo: heldKobo(d),
    detail: d.detail,
    status: d.status as 'OPEN' | 'RESOLVED',
    resolution: d.resolution as DiscrepancyAction | null,
    resolvedAmountKobo: d.resolvedAmountKobo,
    note: d.note,
    actions: actionsOf(d),
    createdAt: d.createdAt.toISOString(),
    resolvedAt: d.resolvedAt?.toISOString() ?? null,
  };
}

export function runView(r: ReconRunRow) {
  return {
    id: r.id,
    kind: r.kind as 'SWEEP' | 'DAILY',
    windowFrom: r.windowFrom.toISOString(),
    windowTo: r.windowTo.toISOString(),
    status: r.status,
    paystackCount: r.paystackCount,
    paystackTotalKobo: r.paystackTotalKobo,
    oursCount: r.oursCount,
    oursTotalKobo: r.oursTotalKobo,
    differenceKobo: r.paystackTotalKobo - r.oursTotalKobo,
    creditedCount: r.creditedCount,
    discrepancyCount: r.discrepancyCount,
    error: r.error,
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

async function namesOf(ctx: AppContext, rows: DiscrepancyRow[]) {
  const names = new Map<string, string>();
  for (const id of new Set(rows.map((r) => r.corporateId).filter((x): x is string => !!x)))
    names.set(id, (await corporateName(ctx.db, id)) ?? '');
  return names;
}

export async function gatewayReconciliation(ctx: AppContext, status?: 'OPEN' | 'RESOLVED') {
  const [runs, rows] = await Promise.all([
    recentRuns(ctx.db, 20),
    listDiscrepancies(ctx.db, { status, limit: 200 }),
  ]);
  const names = await namesOf(ctx, rows);
  return { runs: runs.map(runView), discrepancies: rows.map((d) => discrepancyView(d, names)) };
}

/** The discrepancies as CSV (Lagos times, naira amounts). */
export async function discrepanciesCsv(ctx: AppContext, status?: 'OPEN' | 'RESOLVED') {
  const rows = await listDiscrepancies(ctx.db, { status, limit: CSV_EXPORT_LIMIT });
  const names = await namesOf(ctx, rows);
  const naira = (k: number | null) => (k === null ? '' : koboToNairaString(k));
  const col = (h: string, f: (d: DiscrepancyRow) => unknown) => [h, f] as [string, (row: never) => unknown];
  return toCsv(
    [
      col('Code', (d) => d.code),
      col('Raised (Lagos)', (d) => lagosDateTime(d.createdAt)),
      col('Kind', (d) => d.kind),
      col('Reference', (d) => d.reference),
      col('Channel', (d) => d.channel ?? ''),
      col('Client', (d) => (d.corporateId ? (names.get(d.corporateId) ?? '') : '')),
      col('Paystack amount', (d) => naira(d.paystackAmountKobo)),
      col('Currency', (d) => d.paystackCurrency ?? ''),
      col('Credited', (d) => naira(d.oursAmountKobo)),
      col('Detail', (d) => d.detail),
      col('Status', (d) => d.status),
      col('Resolution', (d) => d.resolution ?? ''),
      col('Resolved amount', (d) => naira(d.resolvedAmountKobo)),
      col('Note', (d) => d.note ?? ''),
    ],
    rows,
  );
}

/**
 * An UNCREDITED payment of ours credited by its own check (the webhook's path), now that Paystack
 * confirms it: nothing moves here outside that path. Throws when Paystack still does not confirm it.
 */
async function creditByOwnCheck(ctx: AppContext, d: DiscrepancyRow) {
  if (d.channel === 'dedicated_nuban') {
    const done = await checkDedicatedTransfer(ctx, d.reference);
    if (done.credited || (await findAutoTransfer(ctx.db, d.reference))) return;
    throw new AppError(
      'BAD_REQUEST',
      400,
      `Paystack has not confirmed ${d.reference} yet (${done.retry ?? done.why ?? 'unclear'}). Try again later, or refund it at Paystack.`,
    );
  }
  const done = await checkCardPaymentAtGateway(ctx, d.reference);
  if (done?.payment.transferId) return;
  throw new AppError(
    'BAD_REQUEST',
    400,
    `Paystack has not confirmed ${d.reference} yet (${done?.detail ?? 'unclear'}). Try again later, or refund it at Paystack.`,
  );
}

export async function resolveDiscrepancy(
  ctx: AppContext,
  rc: RequestContext,
  id: string,
  input: { action: DiscrepancyAction; note: string; corporateId?: string },
) {
  const actor = callerOf(rc);
  const before = await findDiscrepancy(ctx.db, id);
  if (before?.status === 'OPEN' && before.kind === 'UNCREDITED' && input.action === 'CREDIT')
    await creditByOwnCheck(ctx, before);
  // The row stays locked while Paystack is asked to refund: a second click waits, then finds it resolved.
  return ctx.db.transaction(async (tx) => {
    const d = await lockDiscrepancy(tx, id);
    if (!d) throw notFound('Discrepancy');
    if (d.status !== 'OPEN') throw new AppError('CONFLICT', 409, `${d.code} is already resolved`);
    if (!actionsOf(d).includes(input.action))
      throw new AppError(
        'BAD_REQUEST',
        400,
        `${d.code} cannot be resolved by ${input.action.toLowerCase().replace('_', ' ')}`,
      );
    const held = heldKobo(d);
    const ngn = (d.paystackCurrency ?? 'NGN') === 'NGN';
    let corporateId = d.corporateId;
    let transferId: string | null = null;
    let resolvedAmountKobo: number | null = null;
    const clearing = await systemAccountId(tx, 'GATEWAY_CLEARING');
    const post = (entries: Array<{ accountId: string; amountKobo: number }>, cid: string | null) =>
      transfer(tx, {
        kind: 'GATEWAY_DISCREPANCY',
        reference: `gateway-discrepancy:${d.id}`,
        description: `Payment gateway discrepancy ${d.code} (${d.reference}): ${input.action.toLowerCase().replace('_', ' ')}`,
        corporateId: cid,
        source: { type: 'gateway_discrepancy', id: d.id },
        actorId: actor.userId,
        metadata: { action: input.action, reference: d.reference, kind: d.kind },
        entries,
      });

    if (input.action === 'CREDIT' && d.kind === 'UNCREDITED') {
      // Credited by its own check above (one credit per reference); no transfer of the discrepancy's.
      resolvedAmountKobo = 0;
    } else if (input.action === 'CREDIT') {
      corporateId = d.corporateId ?? input.corporateId ?? null;
      if (!corporateId) throw new AppError('BAD_REQUEST', 400, 'Choose the client to credit');
      if (!(await corporateName(tx, corporateId))) throw notFound('Corporate client');
      const wallet = await walletAccountId(tx, corporateId);
      const res = await post(
        [
          { accountId: clearing, amountKobo: -held },
          { accountId: wallet, amountKobo: held },
        ],
        corporateId,
      );
      transferId = res.transfer.id;
      resolvedAmountKobo = held;
      await recoverCardReceivables(tx, corporateId, res.transfer.id, rc);
      await notifyCorporate(
        tx,
        corporateId,
        'Wallet funded',
        `Your wallet was credited with ${formatNaira(held)} for the payment ${d.reference}, which had reached our payment gateway without being credited.`,
      );
    } else if (input.action === 'REFUND') {
      const refunded = await paystackApi(ctx).refund(d.reference, held);
      if (!refunded.ok)
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          400,
          `Paystack did not accept the refund: ${refunded.detail}`,
        );
      resolvedAmountKobo = 0;
    } else if (ngn && held !== 0) {
      const writeOff = await systemAccountId(tx, 'GATEWAY_WRITE_OFF');
      const res = await post(
        [
          { accountId: clearing, amountKobo: -held },
          { accountId: writeOff, amountKobo: held },
        ],
        null,
      );
      transferId = res.transfer.id;
      resolvedAmountKobo = held;
    } else resolvedAmountKobo = 0;

    const row = await updateDiscrepancy(tx, d.id, {
      status: 'RESOLVED',
      resolution: input.action,
      resolvedAmountKobo,
      resolvedById: actor.userId,
      resolvedAt: new Date(),
      note: input.note,
      corporateId,
      transferId,
    });
    await recordAudit(tx, rc, {
      action: 'funding.gateway_discrepancy.resolve',
      targetType: 'gateway_discrepancy',
      targetId: d.code,
      corporateId,
      summary: {
        action: input.action,
        reference: d.reference,
        kind: d.kind,
        amount: koboToNairaString(Math.abs(held)),
        note: input.note,
        transferId,
      },
    });
    return discrepancyView(
      row,
      new Map(corporateId ? [[corporateId, (await corporateName(tx, corporateId)) ?? '']] : []),
    );
  });
}

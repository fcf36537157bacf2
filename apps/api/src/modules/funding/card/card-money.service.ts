// Refunds and disputes as Paystack books them (issue 50 points 2 and 3). A Paystack card payment
// that was credited is never reversed whole on verify's word "reversed" (which means "refunded, or a
// chargeback logged" and says nothing of how much): its refunds and disputes are asked for
// (GET /refund, GET /dispute by the transaction's id: gateway/paystack/money.ts) and each movement
// Paystack made is booked once, for its amount:
//   - a processed refund (partial or full) debits what it refunded, keyed refund:<Paystack id>;
//   - a dispute takes money when the chargeback is logged (verify says reversed while the dispute is
//     open and the refunds do not explain it) or when the merchant lost (merchant-accepted), keyed
//     dispute:<id>:taken, for its refund_amount (the payment's total when Paystack gives none);
//   - a dispute resolved in the merchant's favour (declined) after money was taken gives it back,
//     keyed dispute:<id>:returned; one won with nothing taken moves nothing.
// Every movement is capped so what was taken back never exceeds the total charged, and each is one
// ledger transfer (unique gateway_key and ledger reference). A debit of X of the total charged takes
// the amount's part from the wallet (as far as it can pay, the rest a receivable, as for a reversal:
// card-reversal.service.ts) and the fee's part from fee income: the amount is refunded first, the fee
// last. A return mirrors it and then recovers any receivable, as every credit does.
// Admins are told when a dispute opens, with the deadline Paystack gives for evidence (due_at).
import { randomUUID } from 'node:crypto';
import { formatNaira, koboToNairaString } from '@vendport/shared';
import { recordAudit } from '../../../infra/audit';
import type { AppContext } from '../../../infra/context';
import { lagosDateTime } from '../../../infra/csv';
import type { Db } from '../../../infra/db/client';
import { systemContext } from '../../../infra/request-context';
import { setVendingHold } from '../../corporates';
import { corporateBalances, transfer } from '../../ledger';
import { notifyAdmins, notifyCorporate } from '../../notifications';
import { type CardPaymentRow, lockCardPayment } from '../funding.repo';
import type { GatewayVerifyResult } from '../gateway/gateway';
import { paystackApi } from '../gateway/paystack/api';
import { type PaystackDispute, type PaystackRefund, refundMovedMoney } from '../gateway/paystack/money';
import { addToCardReceivable } from '../receivables/receivables.repo';
import {
  type CardMoneyEventRow,
  disputesOf,
  insertDispute,
  insertMoneyEvent,
  moneyEventsOf,
  setRefundedKobo,
  updateDispute,
} from './card-money.repo';
import { CARD_RECEIVABLE_HOLD, lockCardMoneyAccounts, recoverCardReceivables } from './card-reversal.service';

const rc = systemContext('paystack-money');

export interface GatewayMoney {
  refunds: PaystackRefund[];
  disputes: PaystackDispute[];
  /** Verify's own word for the transaction now (reversed: refunded, or a chargeback logged). */
  gatewayStatus: string | undefined;
}

/**
 * Asks Paystack for the refunds and disputes of a credited card payment and books what is new.
 * `unclear` when Paystack's answers could not be read (the caller asks again later).
 */
export async function checkCardMoney(
  ctx: AppContext,
  p: CardPaymentRow,
  verified: GatewayVerifyResult,
): Promise<{ moved: number; unclear?: string }> {
  if (p.gateway !== 'PAYSTACK' || !p.transferId || !verified.gatewayTransactionId) return { moved: 0 };
  const paystack = paystackApi(ctx);
  const [refunds, disputes] = await Promise.all([
    paystack.refundsOf(verified.gatewayTransactionId),
    paystack.disputesOf(verified.gatewayTransactionId),
  ]);
  if (!refunds.ok) return { moved: 0, unclear: `refunds: ${refunds.detail}` };
  if (!disputes.ok) return { moved: 0, unclear: `disputes: ${disputes.detail}` };
  return {
    moved: await applyCardMoney(ctx, p.reference, {
      refunds: refunds.data,
      disputes: disputes.data,
      gatewayStatus: verified.gatewayStatus,
    }),
  };
}

type Movement = { kind: CardMoneyEventRow['kind']; key: string; amountKobo: number; detail: string };

/** Books, once each, the movements Paystack's refunds and disputes say happened. Returns how many. */
export async function applyCardMoney(ctx: AppContext, reference: string, money: GatewayMoney) {
  return ctx.db.transaction(async (tx) => {
    const p = await lockCardPayment(tx, reference);
    if (p?.status !== 'SUCCESSFUL' || !p.transferId) return 0;
    const booked = new Map((await moneyEventsOf(tx, p.id)).map((e) => [e.gatewayKey, e]));
    await recordDisputeStates(tx, p, money.disputes);

    const processed = money.refunds.filter(refundMovedMoney).sort((a, b) => a.id - b.id);
    const refundedAtPaystack = processed.reduce((s, r) => s + r.amount, 0);
    const wanted: Movement[] = processed.map((r) => ({
      kind: 'REFUND',
      key: `refund:${r.id}`,
      amountKobo: r.amount,
      detail: `Paystack refund ${r.id}`,
    }));
    for (const d of [...money.disputes].sort((a, b) => a.id - b.id)) {
      const amount = d.refund_amount && d.refund_amount > 0 ? d.refund_amount : p.totalKobo;
      const logged =
        d.status !== 'resolved' && money.gatewayStatus === 'reversed' && refundedAtPaystack < p.totalKobo;
      const taken = booked.has(`dispute:${d.id}:taken`);
      if (d.resolution === 'merchant-accepted' || logged)
        wanted.push({
          kind: 'DISPUTE_TAKEN',
          key: `dispute:${d.id}:taken`,
          amountKobo: amount,
          detail: `Paystack dispute ${d.id}: ${d.resolution === 'merchant-accepted' ? 'lost' : 'chargeback logged'}`,
        });
      if (d.resolution === 'declined' && taken)
        wanted.push({
          kind: 'DISPUTE_RETURNED',
          key: `dispute:${d.id}:returned`,
          amountKobo: booked.get(`dispute:${d.id}:taken`)!.amountKobo,
          detail: `Paystack dispute ${d.id}: won by the merchant`,
        });
    }

    let moved = 0;
    let refunded = p.refundedKobo;
    for (const m of wanted) {
      if (booked.has(m.key)) continue;
      const row = await bookMovement(ctx, tx, p, refunded, m);
      if (!row) continue;
      booked.set(m.key, row);
      refunded += m.kind === 'DISPUTE_RETURNED' ? -row.amountKobo : row.amountKobo;
      moved++;
    }
    if (moved) await setRefundedKobo(tx, p.id, refunded);
    return moved;
  });
}

/** One movement: its ledger transfer, its row, its notices. Null when nothing is left to move. */
async function bookMovement(
  ctx: AppContext,
  tx: Db,
  p: CardPaymentRow,
  refundedSoFar: number,
  m: Movement,
): Promise<CardMoneyEventRow | null> {
  const returning = m.kind === 'DISPUTE_RETURNED';
  // The amount is taken back first, the fee last; what was taken never exceeds the total charged.
  const amountKobo = returning
    ? Math.min(m.amountKobo, refundedSoFar)
    : Math.min(m.amountKobo, p.totalKobo - refundedSoFar);
  if (amountKobo <= 0) {
    ctx.log.warn(
      { reference: p.reference, key: m.key },
      'Paystack movement beyond what the payment holds: not booked',
    );
    return null;
  }
  const walletTaken = Math.min(refundedSoFar, p.amountKobo);
  const after = returning ? refundedSoFar - amountKobo : refundedSoFar + amountKobo;
  const walletKobo = Math.abs(Math.min(after, p.amountKobo) - walletTaken);
  const feeKobo = amountKobo - walletKobo;

  const { wallet, clearing, receivableAccount, feeIncome, balance } = await lockCardMoneyAccounts(
    tx,
    p.corporateId,
  );
  let fromWallet = walletKobo;
  let receivableKobo = 0;
  if (!returning) {
    const { floorKobo } = await corporateBalances(tx, p.corporateId);
    fromWallet = Math.min(walletKobo, Math.max(0, balance - floorKobo));
    receivableKobo = walletKobo - fromWallet;
  }
  const sign = returning ? 1 : -1;
  const entries = [{ accountId: clearing, amountKobo: -sign * amountKobo }];
  if (fromWallet > 0) entries.push({ accountId: wallet, amountKobo: sign * fromWallet });
  if (receivableKobo > 0) entries.push({ accountId: receivableAccount, amountKobo: -receivableKobo });
  if (feeKobo > 0) entries.push({ accountId: feeIncome, amountKobo: sign * feeKobo });
  const eventId = randomUUID();
  const kind = m.kind === 'REFUND' ? 'CARD_REFUND' : returning ? 'CARD_DISPUTE_RETURNED' : 'CARD_DISPUTE';
  const words =
    m.kind === 'REFUND' ? 'refunded' : returning ? 'returned (dispute won)' : 'taken by a dispute';
  const posted = await transfer(tx, {
    kind,
    // The payment's reference first, so the statement shows each movement under the CP- reference.
    reference: `card-money:${p.reference}:${m.key}`,
    description: `Card payment ${p.reference}: ${formatNaira(amountKobo)} ${words}`,
    corporateId: p.corporateId,
    source: { type: 'card_money_event', id: eventId },
    actorId: null,
    metadata: { reference: p.reference, gatewayKey: m.key, walletKobo, feeKobo, receivableKobo },
    entries,
  });
  if (!posted.created) return null;
  const row = await insertMoneyEvent(tx, {
    id: eventId,
    cardPaymentId: p.id,
    corporateId: p.corporateId,
    kind: m.kind,
    gatewayKey: m.key,
    amountKobo,
    walletKobo,
    feeKobo,
    receivableKobo,
    transferId: posted.transfer.id,
    detail: m.detail,
  });
  if (receivableKobo > 0) {
    await addToCardReceivable(tx, {
      corporateId: p.corporateId,
      cardPaymentId: p.id,
      amountKobo: receivableKobo,
    });
    await setVendingHold(tx, p.corporateId, CARD_RECEIVABLE_HOLD);
  }
  const recovered = returning ? await recoverCardReceivables(tx, p.corporateId, posted.transfer.id, rc) : 0;
  const balanceAfter =
    (posted.entries.find((e) => e.accountId === wallet)?.balanceAfterKobo ?? balance) - recovered;
  const owed = receivableKobo
    ? ` ${formatNaira(receivableKobo)} could not be taken from your wallet and is owed: vending is suspended until it is settled.`
    : '';
  const title =
    m.kind === 'REFUND'
      ? 'Card payment refunded'
      : returning
        ? 'Card dispute resolved in your favour'
        : 'Card payment disputed';
  await notifyCorporate(
    tx,
    p.corporateId,
    title,
    returning
      ? `The dispute on your card payment ${p.reference} was resolved in the merchant's favour: ${formatNaira(walletKobo)} is back in your wallet. New balance: ${formatNaira(balanceAfter)}.`
      : `${formatNaira(amountKobo)} of your card payment ${p.reference} was ${words} by the payment gateway. ${formatNaira(fromWallet)} was taken from your wallet. New balance: ${formatNaira(balanceAfter)}.${owed}`,
    'funding.reversed',
  );
  await recordAudit(tx, rc, {
    action: `funding.card.${m.kind.toLowerCase()}`,
    targetType: 'card_payment',
    targetId: p.reference,
    corporateId: p.corporateId,
    summary: {
      gatewayKey: m.key,
      amount: koboToNairaString(amountKobo),
      wallet: koboToNairaString(walletKobo),
      fee: koboToNairaString(feeKobo),
      receivable: koboToNairaString(receivableKobo),
      transferId: posted.transfer.id,
    },
  });
  return row;
}

/** Each dispute's states as Paystack reports them; admins told when one opens, with its deadline. */
async function recordDisputeStates(tx: Db, p: CardPaymentRow, disputes: PaystackDispute[]) {
  if (!disputes.length) return;
  const known = new Map((await disputesOf(tx, p.id)).map((d) => [d.gatewayId, d]));
  const at = new Date().toISOString();
  for (const d of disputes) {
    const state = { status: d.status, resolution: d.resolution ?? null, at };
    const dueAt = d.due_at ? new Date(d.due_at) : null;
    const due = dueAt && !Number.isNaN(dueAt.getTime()) ? dueAt : null;
    const row = known.get(String(d.id));
    if (!row) {
      const inserted = await insertDispute(tx, {
        cardPaymentId: p.id,
        gatewayId: String(d.id),
        status: d.status,
        resolution: d.resolution ?? null,
        refundAmountKobo: d.refund_amount ?? null,
        dueAt: due,
        states: [state],
      });
      if (inserted && d.status !== 'resolved')
        await notifyAdmins(
          tx,
          'funding.read',
          'Card payment disputed',
          `A dispute (${d.id}) was opened at Paystack on card payment ${p.reference} of ${formatNaira(p.totalKobo)}.${due ? ` Evidence is due at Paystack by ${lagosDateTime(due)} (Lagos time).` : ''} Upload it on Paystack's dashboard if the payment was genuine.`,
          'funding.reversed',
        );
      await recordAudit(tx, rc, {
        action: 'funding.card.dispute',
        targetType: 'card_payment',
        targetId: p.reference,
        corporateId: p.corporateId,
        summary: {
          disputeId: d.id,
          status: d.status,
          resolution: d.resolution ?? null,
          dueAt: due?.toISOString() ?? null,
        },
      });
      continue;
    }
    if (row.status === d.status && (row.resolution ?? null) === (d.resolution ?? null)) continue;
    await updateDispute(tx, row.id, {
      status: d.status,
      resolution: d.resolution ?? null,
      dueAt: due ?? row.dueAt,
      states: [...row.states, state],
    });
  }
}

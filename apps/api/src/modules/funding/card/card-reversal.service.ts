// Card payments reversed at the gateway (a refund, a chargeback) and what the client then owes.
//
// reverseCreditedCardPayment takes back, once, what a credited card payment put in the wallet:
// the card payment row is locked FOR UPDATE, only a SUCCESSFUL (credited) row is debited, and the
// ledger transfer's reference `card-reversal:<reference>` is unique (and it reverses the credit's
// transfer, which the ledger allows once). A payment reversed before it was credited is marked
// REVERSED and nothing moves.
//
// The legs mirror the credit. The gateway hands the whole charge (amount + fee) back to the
// payer, so GATEWAY_CLEARING gets amount + fee back; the fee is ours no more, so FEE_INCOME gives
// the fee back; the amount comes out of the wallet as far as the wallet can pay it (down to 0
// for a prepaid client, down to its floor for a postpaid one) and the rest, if any, is a
// receivable: SYSTEM:CARD_RECEIVABLE is debited with it, and a card_receivables row says whose
// it is. While one is outstanding the client's live vending is held (corporates.vending_hold).
//
// recoverCardReceivables runs in the transaction of every funding credit (card, approved fund
// request or repayment, admin funding): the client's outstanding receivables, oldest first, take
// what the wallet can give, each recovery one transfer `card-receivable:<id>:<credit transfer>`
// (a replayed credit recovers nothing twice), and the hold is lifted when none is left.
import { formatNaira, koboToNairaString } from '@vendport/shared';
import { recordAudit } from '../../../infra/audit';
import type { AppContext } from '../../../infra/context';
import type { Db } from '../../../infra/db/client';
import { notFound } from '../../../infra/errors';
import { type RequestContext, systemContext } from '../../../infra/request-context';
import { corporateName, setVendingHold } from '../../corporates';
import {
  corporateBalances,
  lockAccountBalance,
  systemAccountId,
  transfer,
  walletAccountId,
} from '../../ledger';
import { notifyAdmins, notifyCorporate } from '../../notifications';
import { type CardPaymentRow, lockCardPayment, updateCardPayment } from '../funding.repo';
import {
  type CardReceivableRow,
  insertCardReceivable,
  lockOutstandingReceivables,
  outstandingByCorporate,
  receivablesOf,
  recordRecovery,
} from '../receivables/receivables.repo';

/** The hold a card receivable puts on the client's vending (corporates.vending_hold). */
export const CARD_RECEIVABLE_HOLD = 'CARD_RECEIVABLE';

export interface CardReversalOptions {
  /** Why, in words (the gateway's refund or chargeback reason): kept on the payment and audited. */
  reason: string;
  /** What told us: 'verify' (our verify call), 'webhook' (a refund or chargeback event), 'simulator'... */
  source: string;
  /** Who acts, for the audit trail; a system context named after the source when absent. */
  rc?: RequestContext;
}

export interface CardReversalResult {
  payment: CardPaymentRow;
  /** Whether this call reversed it (false: already REVERSED, or nothing to reverse). */
  reversed: boolean;
  /** What the wallet gave back, and what is left owing (a receivable); both 0 when not credited. */
  fromWalletKobo: number;
  receivableKobo: number;
}

/**
 * The gateway says this card payment was reversed. Idempotent and safe under concurrency: the
 * credit is debited back once however many calls arrive. A payment never credited becomes
 * REVERSED with nothing moved; one already REVERSED is returned as it is.
 */
export async function reverseCreditedCardPayment(
  ctx: AppContext,
  reference: string,
  opts: CardReversalOptions,
): Promise<CardReversalResult> {
  return ctx.db.transaction(async (tx) => {
    const p = await lockCardPayment(tx, reference);
    if (!p) throw notFound('Card payment');
    return reverseLocked(ctx, tx, p, opts);
  });
}

/** The reversal of a payment whose row the caller has locked FOR UPDATE in `tx`. */
export async function reverseLocked(
  ctx: AppContext,
  tx: Db,
  p: CardPaymentRow,
  opts: CardReversalOptions,
): Promise<CardReversalResult> {
  const rc = opts.rc ?? systemContext(`card-reversal:${opts.source}`);
  const reason = opts.reason.trim().slice(0, 300) || 'Reversed by the payment gateway';
  if (p.status === 'REVERSED') return { payment: p, reversed: false, fromWalletKobo: 0, receivableKobo: 0 };

  if (p.status !== 'SUCCESSFUL' || !p.transferId) {
    // Never credited (pending, failed, expired, in review): nothing to take back.
    const payment = await updateCardPayment(tx, p.id, {
      status: 'REVERSED',
      statusReason: `Reversed by the payment gateway before it was credited: ${reason}`,
      reversedAt: new Date(),
    });
    await recordAudit(tx, rc, {
      action: 'funding.card.reverse',
      targetType: 'card_payment',
      targetId: p.reference,
      corporateId: p.corporateId,
      summary: { source: opts.source, reason, credited: false, previousStatus: p.status },
    });
    return { payment, reversed: true, fromWalletKobo: 0, receivableKobo: 0 };
  }

  const { wallet, clearing, receivableAccount, feeIncome, balance } = await lockCardMoneyAccounts(
    tx,
    p.corporateId,
  );
  const { floorKobo } = await corporateBalances(tx, p.corporateId);
  const fromWalletKobo = Math.min(p.amountKobo, Math.max(0, balance - floorKobo));
  const receivableKobo = p.amountKobo - fromWalletKobo;

  const entries = [{ accountId: clearing, amountKobo: p.totalKobo }];
  if (fromWalletKobo > 0) entries.push({ accountId: wallet, amountKobo: -fromWalletKobo });
  if (receivableKobo > 0) entries.push({ accountId: receivableAccount, amountKobo: -receivableKobo });
  if (p.feeKobo > 0) entries.push({ accountId: feeIncome, amountKobo: -p.feeKobo });
  const debit = await transfer(tx, {
    kind: 'CARD_REVERSAL',
    reference: `card-reversal:${p.reference}`,
    description: `Card payment ${p.reference} reversed by the gateway`,
    corporateId: p.corporateId,
    source: { type: 'card_reversal', id: p.id },
    reversesTransferId: p.transferId,
    actorId: rc.auth?.userId ?? null,
    metadata: { reason, source: opts.source, fromWalletKobo, receivableKobo, feeKobo: p.feeKobo },
    entries,
  });
  const payment = await updateCardPayment(tx, p.id, {
    status: 'REVERSED',
    statusReason: `Reversed by the payment gateway: ${reason}`,
    reversalTransferId: debit.transfer.id,
    reversedAt: new Date(),
  });

  let receivable: CardReceivableRow | null = null;
  if (receivableKobo > 0) {
    receivable = await insertCardReceivable(tx, {
      corporateId: p.corporateId,
      cardPaymentId: p.id,
      amountKobo: receivableKobo,
    });
    await setVendingHold(tx, p.corporateId, CARD_RECEIVABLE_HOLD);
  }

  const balanceAfter = debit.entries.find((e) => e.accountId === wallet)?.balanceAfterKobo ?? balance;
  const owed = receivableKobo
    ? ` ${formatNaira(receivableKobo)} could not be taken from your wallet and is owed: vending is suspended until it is settled. Fund your wallet to settle it.`
    : '';
  await notifyCorporate(
    tx,
    p.corporateId,
    'Card payment reversed',
    `Your card payment ${p.reference} of ${formatNaira(p.amountKobo)} was reversed by the payment gateway (${reason}). ${formatNaira(fromWalletKobo)} was taken back from your wallet. New balance: ${formatNaira(balanceAfter)}.${owed}`,
    'funding.reversed',
  );
  const name = (await corporateName(tx, p.corporateId)) ?? 'A client';
  await notifyAdmins(
    tx,
    'funding.read',
    'Card payment reversed',
    `${name}'s card payment ${p.reference} of ${formatNaira(p.amountKobo)} was reversed by the gateway (${reason}). ${formatNaira(fromWalletKobo)} was debited from the wallet${receivableKobo ? `; ${formatNaira(receivableKobo)} is a receivable and the client's vending is suspended until it is settled` : ''}.`,
    'funding.reversed',
  );
  await recordAudit(tx, rc, {
    action: 'funding.card.reverse',
    targetType: 'card_payment',
    targetId: p.reference,
    corporateId: p.corporateId,
    summary: {
      source: opts.source,
      reason,
      credited: true,
      amount: koboToNairaString(p.amountKobo),
      fee: koboToNairaString(p.feeKobo),
      fromWallet: koboToNairaString(fromWalletKobo),
      receivable: koboToNairaString(receivableKobo),
      transferId: debit.transfer.id,
      receivableId: receivable?.id ?? null,
    },
  });
  ctx.log.warn(
    { reference: p.reference, fromWalletKobo, receivableKobo, source: opts.source },
    'card payment reversed after it was credited',
  );
  return { payment, reversed: true, fromWalletKobo, receivableKobo };
}

/**
 * The accounts a card payment's money moves between (the client's wallet, gateway clearing, the
 * card receivable, fee income), locked, with the wallet's balance. What the wallet can give is read
 * under its row lock, so no vend slips in between; every account is locked first, in id order as
 * ledger_post locks them, so this waits behind a credit or a vend of the same wallet instead of
 * deadlocking with it.
 */
export async function lockCardMoneyAccounts(tx: Db, corporateId: string) {
  const wallet = await walletAccountId(tx, corporateId);
  const clearing = await systemAccountId(tx, 'GATEWAY_CLEARING');
  const receivableAccount = await systemAccountId(tx, 'CARD_RECEIVABLE');
  const feeIncome = await systemAccountId(tx, 'FEE_INCOME');
  let balance = 0;
  for (const id of [wallet, clearing, receivableAccount, feeIncome].sort()) {
    const locked = await lockAccountBalance(tx, id);
    if (id === wallet) balance = locked.balance;
  }
  return { wallet, clearing, receivableAccount, feeIncome, balance };
}

/** A client's card receivables, outstanding first (an unknown client: 404 when `checkClient`). */
export async function cardReceivablesOf(ctx: AppContext, corporateId: string, checkClient = false) {
  if (checkClient && !(await corporateName(ctx.db, corporateId))) throw notFound('Corporate client');
  const rows = await receivablesOf(ctx.db, corporateId);
  const outstandingKobo = (await outstandingByCorporate(ctx.db, [corporateId])).get(corporateId) ?? 0;
  return {
    outstandingKobo,
    vendingSuspended: outstandingKobo > 0,
    receivables: rows.map((r) => ({
      ...r,
      status: r.status as 'OUTSTANDING' | 'SETTLED',
      createdAt: r.createdAt.toISOString(),
      settledAt: r.settledAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Recovers the client's outstanding card receivables from its wallet, oldest first, in the
 * transaction of a funding credit (`creditTransferId`, whose replay recovers nothing again).
 * Lifts the vending hold once none is left. Returns what was recovered.
 */
export async function recoverCardReceivables(
  tx: Db,
  corporateId: string,
  creditTransferId: string,
  rc: RequestContext,
): Promise<number> {
  const open = await lockOutstandingReceivables(tx, corporateId);
  if (!open.length) return 0;
  const wallet = await walletAccountId(tx, corporateId);
  let { balance } = await lockAccountBalance(tx, wallet);
  const { floorKobo } = await corporateBalances(tx, corporateId);
  const receivableAccount = await systemAccountId(tx, 'CARD_RECEIVABLE');
  let recovered = 0;
  let left = 0;
  for (const r of open) {
    const owed = r.amountKobo - r.recoveredKobo;
    let take = Math.min(owed, Math.max(0, balance - floorKobo));
    if (take > 0) {
      const res = await transfer(tx, {
        kind: 'CARD_RECEIVABLE_RECOVERY',
        reference: `card-receivable:${r.id}:${creditTransferId}`,
        description: 'Recovery of a reversed card payment',
        corporateId,
        source: { type: 'card_receivable', id: r.id },
        actorId: rc.auth?.userId ?? null,
        metadata: { creditTransferId },
        entries: [
          { accountId: wallet, amountKobo: -take },
          { accountId: receivableAccount, amountKobo: take },
        ],
      });
      if (res.created) {
        balance -= take;
        recovered += take;
        await recordRecovery(tx, r.id, r.recoveredKobo + take, take === owed);
      } else take = 0;
    }
    left += owed - take;
  }
  if (recovered > 0) {
    await recordAudit(tx, rc, {
      action: 'funding.receivable.recover',
      targetType: 'corporate',
      targetId: corporateId,
      corporateId,
      summary: {
        recovered: koboToNairaString(recovered),
        outstanding: koboToNairaString(left),
        creditTransferId,
      },
    });
  }
  if (left === 0) {
    await setVendingHold(tx, corporateId, null);
    await notifyCorporate(
      tx,
      corporateId,
      'Card reversal settled',
      `${formatNaira(recovered)} from your latest funding settled what a reversed card payment left owing. Vending is available again.`,
      'funding.reversed',
    );
    const name = (await corporateName(tx, corporateId)) ?? 'A client';
    await notifyAdmins(
      tx,
      'funding.read',
      'Card receivable settled',
      `${name} has settled its card reversal receivable; its vending is no longer suspended.`,
      'funding.reversed',
    );
  }
  return recovered;
}

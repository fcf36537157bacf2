// Every money movement of vending, through the ledger's transfer function (the one function that
// moves money), inside the caller's transaction:
//   debit     LIVE: wallet -charge; float +amount; commission expense -commission and, when
//             accrued, commission account +commission.   TEST: sandbox wallet -> sandbox money.
//   reroute   a fallback platform delivered: the amount moves from one float account to another.
//   reversal  the debit undone (vend failed, or an admin refund), from the float now holding it;
//             an accrued commission already settled to the wallet is not refunded twice.
//   commission settlement, VTU line funding.
// Signs follow the ledger: a client's accounts are positive when the platform owes them; the
// platform's float and expense accounts carry the mirror image, so every transfer sums to zero.
import type { Db, Tx } from '../../db/client';
import {
  ensureCorporateAccounts,
  type SystemAccount,
  systemAccountId,
  type TransferEntryInput,
  transfer,
} from '../ledger/ledger.service';

export type FloatAccount = 'PROVIDER_FLOAT' | 'VTU_FLOAT' | 'SANDBOX_SOURCE';

export interface VendMoneyFacts {
  id: string;
  code: string;
  corporateId: string;
  mode: string;
  amountKobo: number;
  chargeKobo: number;
  commissionKobo: number;
  commissionMode: string;
  floatAccount: string;
}

type DbLike = Tx | Db;

async function sys(db: DbLike, a: SystemAccount) {
  return systemAccountId(db as Db, a);
}

function nonZero(entries: TransferEntryInput[]) {
  return entries.filter((e) => e.amountKobo !== 0);
}

async function debitEntries(
  db: DbLike,
  v: VendMoneyFacts,
  sign: 1 | -1,
  settled: boolean,
): Promise<TransferEntryInput[]> {
  const accounts = await ensureCorporateAccounts(db as Db, v.corporateId);
  const float = await sys(db, v.floatAccount as SystemAccount);
  if (v.mode === 'TEST') {
    return nonZero([
      { accountId: accounts.sandboxWallet, amountKobo: -sign * v.chargeKobo },
      { accountId: float, amountKobo: sign * v.chargeKobo },
    ]);
  }
  const entries: TransferEntryInput[] = [{ accountId: float, amountKobo: sign * v.amountKobo }];
  if (v.commissionKobo > 0) {
    entries.push({ accountId: await sys(db, 'COMMISSION_EXPENSE'), amountKobo: -sign * v.commissionKobo });
  }
  if (v.commissionMode === 'ACCRUED' && v.commissionKobo > 0 && !settled) {
    entries.push({ accountId: accounts.commission, amountKobo: sign * v.commissionKobo });
    entries.push({ accountId: accounts.wallet, amountKobo: -sign * v.amountKobo });
  } else if (v.commissionMode === 'ACCRUED' && settled) {
    // The commission reached the wallet through a settlement: the refund is amount - commission.
    entries.push({ accountId: accounts.wallet, amountKobo: -sign * (v.amountKobo - v.commissionKobo) });
  } else {
    entries.push({ accountId: accounts.wallet, amountKobo: -sign * v.chargeKobo });
  }
  return nonZero(entries);
}

/** The vend's one debit. Throws INSUFFICIENT_FUNDS (402) when the wallet's floor would be crossed. */
export async function debitVend(tx: DbLike, v: VendMoneyFacts): Promise<string> {
  const r = await transfer(tx, {
    kind: 'VEND',
    reference: `vend:${v.id}`,
    description: `${v.mode === 'TEST' ? 'Test vend' : 'Vend'} ${v.code}`,
    corporateId: v.corporateId,
    source: { type: 'vend', id: v.id },
    metadata: { code: v.code, mode: v.mode, commissionMode: v.commissionMode },
    entries: await debitEntries(tx, v, 1, false),
  });
  return r.transfer.id;
}

/** A fallback platform delivered: the float moves to the account of the platform that did. */
export async function rerouteVend(tx: DbLike, v: VendMoneyFacts, to: FloatAccount): Promise<string> {
  const r = await transfer(tx, {
    kind: 'VEND_REROUTE',
    reference: `vend-reroute:${v.id}`,
    description: `Vend ${v.code} delivered through another platform`,
    corporateId: v.corporateId,
    source: { type: 'vend', id: v.id },
    metadata: { from: v.floatAccount, to },
    entries: [
      { accountId: await sys(tx, v.floatAccount as SystemAccount), amountKobo: -v.amountKobo },
      { accountId: await sys(tx, to), amountKobo: v.amountKobo },
    ],
  });
  return r.transfer.id;
}

/**
 * The vend's one reversal (the ledger's unique reverses_transfer_id and this reference both make
 * it so). Its entries undo the debit from the float that holds the vend now.
 */
export async function reverseVend(
  tx: DbLike,
  v: VendMoneyFacts & { debitTransferId: string },
  opts: { commissionSettled: boolean; actorId: string | null; reason: string },
): Promise<string> {
  const r = await transfer(tx, {
    kind: 'REVERSAL',
    reference: `vend-reversal:${v.id}`,
    description: `Reversal of ${v.code}: ${opts.reason}`.slice(0, 300),
    corporateId: v.corporateId,
    source: { type: 'vend', id: v.id },
    reversesTransferId: v.debitTransferId,
    actorId: opts.actorId,
    metadata: { code: v.code, reversedKind: 'VEND', commissionSettled: opts.commissionSettled },
    entries: await debitEntries(tx, v, -1, opts.commissionSettled),
  });
  return r.transfer.id;
}

/** Accrued commission to the wallet. */
export async function settleCommissionMoney(
  tx: DbLike,
  s: { settlementId: string; corporateId: string; amountKobo: number; actorId: string | null },
): Promise<string> {
  const accounts = await ensureCorporateAccounts(tx as Db, s.corporateId);
  const r = await transfer(tx, {
    kind: 'COMMISSION',
    reference: `commission-settlement:${s.settlementId}`,
    description: 'Commission settled to wallet',
    corporateId: s.corporateId,
    source: { type: 'commission_settlement', id: s.settlementId },
    actorId: s.actorId,
    entries: [
      { accountId: accounts.commission, amountKobo: -s.amountKobo },
      { accountId: accounts.wallet, amountKobo: s.amountKobo },
    ],
  });
  return r.transfer.id;
}

/** The platform bought float for a VTU line from the telco (paid out of the collection account). */
export async function fundVtuLineMoney(
  tx: DbLike,
  f: { fundingId: string; lineCode: string; amountKobo: number; actorId: string | null },
): Promise<string> {
  const r = await transfer(tx, {
    kind: 'VTU_FUNDING',
    reference: `vtu-funding:${f.fundingId}`,
    description: `Float bought for VTU line ${f.lineCode}`,
    source: { type: 'vtu_funding', id: f.fundingId },
    actorId: f.actorId,
    entries: [
      { accountId: await sys(tx, 'FUNDING_CLEARING'), amountKobo: f.amountKobo },
      { accountId: await sys(tx, 'VTU_FLOAT'), amountKobo: -f.amountKobo },
    ],
  });
  return r.transfer.id;
}

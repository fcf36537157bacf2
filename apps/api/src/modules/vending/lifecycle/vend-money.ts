// Every money movement of vending, through the ledger's transfer function (the one function that
// moves money), inside the caller's transaction:
//   debit     LIVE: wallet -charge; float +amount; commission expense -commission and, when
//             accrued, commission account +commission.   TEST: sandbox wallet -> sandbox money.
//   reroute   a fallback platform delivered: the amount moves from one float account to another.
//   reversal  the debit undone (vend failed, or an admin refund), from the float now holding it;
//             an accrued commission already settled to the wallet is not refunded twice.
//   sandbox funding (test money).
// Signs follow the ledger: a client's accounts are positive when the platform owes them; the
// platform's float and expense accounts carry the mirror image, so every transfer sums to zero.

import type { Db } from '../../../infra/db/client';
import { type AccountIds, type SystemAccount, type TransferEntryInput, transfer } from '../../ledger';
import { parseStep, SANDBOX_PLATFORM } from '../../providers';
import type { NewVend } from '../records/vends.repo';

export type FloatAccount = 'PROVIDER_FLOAT' | 'VTU_FLOAT' | 'SANDBOX_SOURCE';

/** The float account a route step's vends are paid from: its platform's, whoever the provider. */
export function floatOf(step: string): FloatAccount {
  const { platform } = parseStep(step);
  return platform === SANDBOX_PLATFORM
    ? 'SANDBOX_SOURCE'
    : platform === 'VTU'
      ? 'VTU_FLOAT'
      : 'PROVIDER_FLOAT';
}

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

function nonZero(entries: TransferEntryInput[]) {
  return entries.filter((e) => e.amountKobo !== 0);
}

async function debitEntries(
  ids: AccountIds,
  v: VendMoneyFacts,
  sign: 1 | -1,
  settled: boolean,
  via?: Db,
): Promise<TransferEntryInput[]> {
  const accounts = await ids.corporate(v.corporateId, via);
  const float = await ids.system(v.floatAccount as SystemAccount, via);
  if (v.mode === 'TEST') {
    return nonZero([
      { accountId: accounts.sandboxWallet, amountKobo: -sign * v.chargeKobo },
      { accountId: float, amountKobo: sign * v.chargeKobo },
    ]);
  }
  const entries: TransferEntryInput[] = [{ accountId: float, amountKobo: sign * v.amountKobo }];
  if (v.commissionKobo > 0) {
    entries.push({
      accountId: await ids.system('COMMISSION_EXPENSE', via),
      amountKobo: -sign * v.commissionKobo,
    });
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

/** The ledger reference of a vend's debit (its idempotency key: one debit per vend, ever). */
export const debitReference = (vendId: string) => `vend:${vendId}`;

/** The debit's entries, resolved before the transaction (no lookups while the wallet is locked). */
export const debitEntriesOf = (ids: AccountIds, v: VendMoneyFacts) => debitEntries(ids, v, 1, false);

/**
 * The vend's one debit, as ledger_post takes it: posted by the statement that records the vend
 * (records/vends.repo insertVendWithDebit), so the vend and its debit exist together or not at all.
 */
export function debitPosting(v: VendMoneyFacts, entries: TransferEntryInput[]) {
  return {
    reference: debitReference(v.id),
    description: `${v.mode === 'TEST' ? 'Test vend' : 'Vend'} ${v.code}`,
    metadata: { code: v.code, mode: v.mode, commissionMode: v.commissionMode },
    entries,
  };
}

/** A fallback platform delivered: the float moves to the account of the platform that did. */
export async function rerouteVend(
  tx: Db,
  ids: AccountIds,
  v: VendMoneyFacts,
  to: FloatAccount,
): Promise<string> {
  const r = await transfer(tx, {
    kind: 'VEND_REROUTE',
    reference: `vend-reroute:${v.id}`,
    description: `Vend ${v.code} delivered through another platform`,
    corporateId: v.corporateId,
    source: { type: 'vend', id: v.id },
    metadata: { from: v.floatAccount, to },
    entries: [
      { accountId: await ids.system(v.floatAccount as SystemAccount, tx), amountKobo: -v.amountKobo },
      { accountId: await ids.system(to, tx), amountKobo: v.amountKobo },
    ],
  });
  return r.transfer.id;
}

/**
 * The vend's one reversal (the ledger's unique reverses_transfer_id and this reference both make
 * it so). Its entries undo the debit from the float that holds the vend now.
 */
export async function reverseVend(
  tx: Db,
  ids: AccountIds,
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
    entries: await debitEntries(ids, v, -1, opts.commissionSettled, tx),
  });
  return r.transfer.id;
}

/**
 * A vend we refunded that the provider delivered after all (issue 49): the admin charges the
 * client again. The charge is what the vend would have cost net of its commission, the commission
 * expensed as on any delivered vend but paid straight into the price (no accrual to settle later:
 * the vend is not SUCCESSFUL, so the commission account's invariant does not hold it), and the
 * float takes the amount the provider spent. One per vend (the reference).
 */
export async function chargeAgain(
  tx: Db,
  ids: AccountIds,
  v: VendMoneyFacts,
  o: { discrepancyId: string; actorId: string },
): Promise<string> {
  const accounts = await ids.corporate(v.corporateId, tx);
  const r = await transfer(tx, {
    kind: 'VEND_RECHARGE',
    reference: `vend-recharge:${v.id}`,
    description: `Vend ${v.code} charged again: the provider delivered it after it was refunded`,
    corporateId: v.corporateId,
    source: { type: 'vend', id: v.id },
    actorId: o.actorId,
    metadata: { code: v.code, discrepancyId: o.discrepancyId },
    entries: nonZero([
      { accountId: await ids.system(v.floatAccount as SystemAccount, tx), amountKobo: v.amountKobo },
      { accountId: await ids.system('COMMISSION_EXPENSE', tx), amountKobo: -v.commissionKobo },
      { accountId: accounts.wallet, amountKobo: -(v.amountKobo - v.commissionKobo) },
    ]),
  });
  return r.transfer.id;
}

/** What `chargeAgain` takes from the wallet. */
export const rechargeOf = (v: Pick<VendMoneyFacts, 'amountKobo' | 'commissionKobo'>) =>
  v.amountKobo - v.commissionKobo;

/**
 * The same late delivery written off instead: the platform's loss account pays the float what
 * the provider spent; the client keeps the refund. One per vend (the reference).
 */
export async function writeOffDelivery(
  tx: Db,
  ids: AccountIds,
  v: VendMoneyFacts,
  o: { discrepancyId: string; actorId: string },
): Promise<string> {
  const r = await transfer(tx, {
    kind: 'VEND_WRITE_OFF',
    reference: `vend-write-off:${v.id}`,
    description: `Vend ${v.code} written off: the provider delivered it after it was refunded`,
    corporateId: v.corporateId,
    source: { type: 'vend', id: v.id },
    actorId: o.actorId,
    metadata: { code: v.code, discrepancyId: o.discrepancyId },
    entries: [
      { accountId: await ids.system(v.floatAccount as SystemAccount, tx), amountKobo: v.amountKobo },
      { accountId: await ids.system('PLATFORM_LOSS', tx), amountKobo: -v.amountKobo },
    ],
  });
  return r.transfer.id;
}

/** Test money for the sandbox wallet (test mode only ever spends it on the simulator). */
export async function fundSandboxMoney(
  tx: Db,
  ids: AccountIds,
  f: { id: string; corporateId: string; amountKobo: number; actorId: string | null },
): Promise<string> {
  const accounts = await ids.corporate(f.corporateId, tx);
  const r = await transfer(tx, {
    kind: 'SANDBOX_FUNDING',
    reference: `sandbox-funding:${f.id}`,
    description: 'Test money for the sandbox wallet',
    corporateId: f.corporateId,
    source: { type: 'sandbox_funding', id: f.id },
    actorId: f.actorId,
    entries: [
      { accountId: await ids.system('SANDBOX_SOURCE', tx), amountKobo: -f.amountKobo },
      { accountId: accounts.sandboxWallet, amountKobo: f.amountKobo },
    ],
  });
  return r.transfer.id;
}

/** The money facts of a vend row. */
export const facts = (v: NewVend): VendMoneyFacts => ({
  id: v.id,
  code: v.code,
  corporateId: v.corporateId,
  mode: v.mode,
  amountKobo: v.amountKobo,
  chargeKobo: v.chargeKobo,
  commissionKobo: v.commissionKobo,
  commissionMode: v.commissionMode,
  floatAccount: v.floatAccount,
});

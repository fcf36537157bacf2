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
  type CorporateAccounts,
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

/**
 * Ledger account ids, resolved once per database and kept: an account's id never changes, so
 * this cache holds no money and no permission, only names. Resolving them before a vend's
 * transaction keeps those lookups out of the time the wallet row is locked.
 */
export interface AccountIds {
  /** `via`: the transaction in progress, used (and nothing cached) when the id is not known yet. */
  system(a: SystemAccount, via?: DbLike): Promise<string>;
  corporate(corporateId: string, via?: DbLike): Promise<CorporateAccounts>;
}

const resolvers = new WeakMap<Db, AccountIds>();

export function accountIdsOf(db: Db): AccountIds {
  let r = resolvers.get(db);
  if (!r) {
    const system = new Map<string, string>();
    const corporate = new Map<string, CorporateAccounts>();
    // Only what was read outside a transaction is kept: an account created inside one that
    // then rolls back must not be remembered.
    const remember = async <T>(
      m: Map<string, T>,
      key: string,
      via: DbLike | undefined,
      load: (x: Db) => Promise<T>,
    ) => {
      const known = m.get(key);
      if (known) return known;
      const v = await load((via ?? db) as Db);
      if (!via) m.set(key, v);
      return v;
    };
    r = {
      system: (a, via) => remember(system, a, via, (x) => systemAccountId(x, a)),
      corporate: (id, via) => remember(corporate, id, via, (x) => ensureCorporateAccounts(x, id)),
    };
    resolvers.set(db, r);
  }
  return r;
}

function nonZero(entries: TransferEntryInput[]) {
  return entries.filter((e) => e.amountKobo !== 0);
}

async function debitEntries(
  ids: AccountIds,
  v: VendMoneyFacts,
  sign: 1 | -1,
  settled: boolean,
  via?: DbLike,
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
 * (vending.repo insertVendWithDebit), so the vend and its debit exist together or not at all.
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
  tx: DbLike,
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
  tx: DbLike,
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

/** Accrued commission to the wallet. */
export async function settleCommissionMoney(
  tx: DbLike,
  ids: AccountIds,
  s: { settlementId: string; corporateId: string; amountKobo: number; actorId: string | null },
): Promise<string> {
  const accounts = await ids.corporate(s.corporateId, tx);
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
  ids: AccountIds,
  f: { fundingId: string; lineCode: string; amountKobo: number; actorId: string | null },
): Promise<string> {
  const r = await transfer(tx, {
    kind: 'VTU_FUNDING',
    reference: `vtu-funding:${f.fundingId}`,
    description: `Float bought for VTU line ${f.lineCode}`,
    source: { type: 'vtu_funding', id: f.fundingId },
    actorId: f.actorId,
    entries: [
      { accountId: await ids.system('FUNDING_CLEARING', tx), amountKobo: f.amountKobo },
      { accountId: await ids.system('VTU_FLOAT', tx), amountKobo: -f.amountKobo },
    ],
  });
  return r.transfer.id;
}

/** Test money for the sandbox wallet (test mode only ever spends it on the simulator). */
export async function fundSandboxMoney(
  tx: DbLike,
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

// The ledger owns every balance. Money moves only through the database function ledger_post
// (migration 0004), called by `transfer` here for every module (inside the caller's transaction)
// and by the vend debit inside the one statement that records the vend. Nothing else writes
// ledger balances or entries.
//
// Rules kept:
// - a transfer has two or more entries on distinct accounts, non-zero integer kobo, summing to 0
//   (checked here, and by a trigger on every INSERT of entries);
// - balances change in the same statement as the entries are written, after the rows are locked
//   in id order (so two transfers never deadlock on each other);
// - a client wallet never goes below the floor of its corporate's type and limit, kept on the
//   wallet's row by the database (migration 0022) and read under the row's lock; a sandbox wallet
//   or commission account never below 0 -> INSUFFICIENT_FUNDS;
// - the reference is the idempotency key. A transfer whose reference already exists is NOT
//   applied again: if it has the same kind and entries it is returned with `created: false`
//   (a safe replay), otherwise DUPLICATE_REFERENCE (409) is thrown.
import type { Db } from '../../infra/db/client';
import { pgErrorCode } from '../../infra/db/sql';
import { AppError, conflict, notFound } from '../../infra/errors';
import { corporateSummary } from '../corporates';
import {
  anyEntryAtOrAbove,
  type EntryRow,
  entriesBetween,
  entriesOf,
  findAccountByCode,
  findAccountsByCodes,
  findAccountsByIds,
  findReversalOf,
  findTransferById,
  insertAccountsIfMissing,
  type PostedRow,
  type PostInput,
  postRows,
  sumEntriesBefore,
  type TransferRow,
  walletCreditsByDay,
  walletTotalsRows,
} from './ledger.repo';

/** The platform's own accounts, created by the seed (and on first use). */
export const SYSTEM_ACCOUNTS = {
  FUNDING_CLEARING: 'Bank funding clearing (collection account)',
  GATEWAY_CLEARING: 'Card payment gateway clearing',
  FEE_INCOME: 'Card funding fee income',
  COMMISSION_EXPENSE: 'Commission expense',
  PROVIDER_FLOAT: 'Provider (aggregator) float',
  VTU_FLOAT: 'VTU line float',
  MANUAL_ADJUSTMENT: 'Admin funding and manual adjustments',
  SANDBOX_SOURCE: 'Test-mode (sandbox) money',
  CARD_RECEIVABLE: 'Card reversals owed by clients (receivables)',
  PLATFORM_LOSS: 'Platform losses (provider deliveries written off)',
  GATEWAY_WRITE_OFF: 'Payment gateway discrepancies written off',
} as const;
export type SystemAccount = keyof typeof SYSTEM_ACCOUNTS;

/** Each client's accounts. WALLET's floor follows its type; the other two never go below 0. */
export const CLIENT_ACCOUNT_KINDS = ['WALLET', 'SANDBOX_WALLET', 'COMMISSION'] as const;
export type ClientAccountKind = (typeof CLIENT_ACCOUNT_KINDS)[number];

const CLIENT_ACCOUNT_NAMES: Record<ClientAccountKind, string> = {
  WALLET: 'Wallet',
  SANDBOX_WALLET: 'Sandbox wallet',
  COMMISSION: 'Commission',
};

export const systemCode = (a: SystemAccount) => `SYSTEM:${a}`;
export const clientCode = (kind: ClientAccountKind, corporateId: string) => `${kind}:${corporateId}`;

export type TransferKind =
  | 'BANK_FUNDING'
  | 'POSTPAID_REPAYMENT'
  | 'CARD_FUNDING'
  | 'BANK_TRANSFER_AUTO'
  | 'ADMIN_FUNDING'
  | 'VEND'
  | 'COMMISSION'
  | 'REVERSAL'
  | 'ADJUSTMENT'
  | (string & {});

export interface TransferEntryInput {
  accountId: string;
  amountKobo: number;
}

export interface TransferInput extends PostInput {
  kind: TransferKind;
  entries: TransferEntryInput[];
}

export interface TransferResult {
  transfer: TransferRow;
  entries: EntryRow[];
  /** false when the reference already existed and nothing was applied. */
  created: boolean;
}

// ---------------------------------------------------------------- accounts

/** Creates the platform's accounts that are missing; safe to run on every start. */
export async function ensureSystemAccounts(db: Db): Promise<void> {
  await insertAccountsIfMissing(
    db,
    (Object.keys(SYSTEM_ACCOUNTS) as SystemAccount[]).map((a) => ({
      code: systemCode(a),
      kind: a,
      name: SYSTEM_ACCOUNTS[a],
      corporateId: null,
    })),
  );
}

export async function systemAccountId(db: Db, account: SystemAccount): Promise<string> {
  let row = await findAccountByCode(db, systemCode(account));
  if (!row) {
    await ensureSystemAccounts(db);
    row = await findAccountByCode(db, systemCode(account));
  }
  if (!row) throw new Error(`system account ${account} missing`);
  return row.id;
}

export interface CorporateAccounts {
  wallet: string;
  sandboxWallet: string;
  commission: string;
}

/**
 * A corporate's wallet, sandbox wallet and commission account, created on first need (corporates
 * are created by sign-up and by factories, which know nothing of the ledger). Concurrent first
 * calls are safe: the insert skips codes that exist.
 */
export async function ensureCorporateAccounts(db: Db, corporateId: string): Promise<CorporateAccounts> {
  const codes = CLIENT_ACCOUNT_KINDS.map((k) => clientCode(k, corporateId));
  let rows = await findAccountsByCodes(db, codes);
  if (rows.length < codes.length) {
    if (!(await corporateSummary(db, corporateId))) throw notFound('Corporate client');
    await insertAccountsIfMissing(
      db,
      CLIENT_ACCOUNT_KINDS.map((k) => ({
        code: clientCode(k, corporateId),
        kind: k,
        name: CLIENT_ACCOUNT_NAMES[k],
        corporateId,
      })),
    );
    rows = await findAccountsByCodes(db, codes);
  }
  const byKind = new Map(rows.map((r) => [r.kind, r.id]));
  return {
    wallet: byKind.get('WALLET')!,
    sandboxWallet: byKind.get('SANDBOX_WALLET')!,
    commission: byKind.get('COMMISSION')!,
  };
}

export async function walletAccountId(db: Db, corporateId: string): Promise<string> {
  return (await ensureCorporateAccounts(db, corporateId)).wallet;
}

// ---------------------------------------------------------------- moving money

/** The rules every transfer's entries keep (the database checks the sum again at commit). */
export function validateTransfer(input: Pick<TransferInput, 'reference' | 'entries'>) {
  if (!input.reference || input.reference.length > 200)
    throw new Error('transfer reference must be 1..200 characters');
  if (input.entries.length < 2) throw new Error('a transfer needs at least two entries');
  let total = 0n;
  const seen = new Set<string>();
  for (const e of input.entries) {
    if (!Number.isSafeInteger(e.amountKobo) || e.amountKobo === 0) {
      throw new Error(`transfer ${input.reference}: entry amounts must be non-zero integer kobo`);
    }
    if (seen.has(e.accountId)) throw new Error(`transfer ${input.reference}: one entry per account`);
    seen.add(e.accountId);
    total += BigInt(e.amountKobo);
  }
  if (total !== 0n) throw new Error(`transfer ${input.reference}: entries sum to ${total}, not 0`);
}

const sameEntries = (a: TransferEntryInput[], b: EntryRow[]) => {
  if (a.length !== b.length) return false;
  const key = (x: { accountId: string; amountKobo: number }) => `${x.accountId}:${x.amountKobo}`;
  const left = a.map(key).sort();
  const right = b.map(key).sort();
  return left.every((k, i) => k === right[i]);
};

export const insufficientFunds = () =>
  new AppError('INSUFFICIENT_FUNDS', 402, 'Insufficient wallet balance for this transaction');

/** SQLSTATE raised by ledger_post when a floor would be crossed. */
export const INSUFFICIENT_FUNDS_SQLSTATE = 'V0402';

/** The ledger's refusal, from whichever statement called ledger_post, as the 402 it means. */
export function asLedgerError(err: unknown): unknown {
  return pgErrorCode(err) === INSUFFICIENT_FUNDS_SQLSTATE ? insufficientFunds() : err;
}

/**
 * Applies one transfer inside the caller's transaction, in one call of the database's
 * ledger_post (migration 0004: locks in id order, floors, balances and entries). Throws
 * INSUFFICIENT_FUNDS (402) when a floor would be crossed (the statement has failed, so the
 * caller's transaction must roll back, which throwing does), DUPLICATE_REFERENCE (409) when the
 * reference exists with other content, and returns the existing transfer with `created: false`
 * when it exists with the same content.
 */
export async function transfer(tx: Db, input: TransferInput): Promise<TransferResult> {
  // Balances and entries must commit with the caller's other writes: refuse the app-wide handle.
  if (!('rollback' in tx)) throw new Error('ledger transfer must run inside a database transaction');
  validateTransfer(input);
  let rows: PostedRow[];
  try {
    rows = await postRows(tx, input);
  } catch (err) {
    throw asLedgerError(err);
  }
  const [first] = rows;
  if (!first?.created) {
    const existing = first?.transfer_id ? await findTransferById(tx, first.transfer_id) : undefined;
    if (!existing) {
      // The clash was on reverses_transfer_id: that transfer already has its reversal.
      throw conflict('This transaction has already been reversed');
    }
    const entries = await entriesOf(tx, existing.id);
    if (existing.kind !== input.kind || !sameEntries(input.entries, entries)) {
      throw new AppError(
        'DUPLICATE_REFERENCE',
        409,
        `The reference ${input.reference} was already used for another transaction`,
      );
    }
    return { transfer: existing, entries, created: false };
  }
  const createdAt = new Date(first.created_at as string | Date);
  const transferRow: TransferRow = {
    id: first.transfer_id as string,
    reference: input.reference,
    kind: input.kind,
    description: input.description,
    corporateId: input.corporateId ?? null,
    sourceType: input.source?.type ?? null,
    sourceId: input.source?.id ?? null,
    reversesTransferId: input.reversesTransferId ?? null,
    actorId: input.actorId ?? null,
    metadata: input.metadata ?? {},
    createdAt,
  };
  const entries: EntryRow[] = rows.map((r) => ({
    id: r.entry_id as string,
    seq: Number(r.seq),
    transferId: r.transfer_id as string,
    accountId: r.account_id as string,
    amountKobo: Number(r.amount_kobo),
    balanceAfterKobo: Number(r.balance_after_kobo),
    createdAt: new Date(r.created_at as string | Date),
  }));
  return { transfer: transferRow, entries, created: true };
}

/** `transfer` in a transaction of its own. */
export function postTransfer(db: Db, input: TransferInput): Promise<TransferResult> {
  return db.transaction((tx) => transfer(tx, input));
}

/**
 * Undoes a transfer with a new one of opposite entries (entries are never edited). A transfer is
 * reversed at most once (unique reverses_transfer_id); a reversal is not itself reversible. A
 * reversal that would take a wallet below its floor is refused with INSUFFICIENT_FUNDS.
 */
export async function reverseTransfer(
  tx: Db,
  input: {
    transferId: string;
    description: string;
    reference?: string;
    actorId?: string | null;
    metadata?: Record<string, unknown>;
  },
): Promise<TransferResult> {
  const original = await findTransferById(tx, input.transferId);
  if (!original) throw notFound('Transaction');
  if (original.reversesTransferId) throw conflict('A reversal cannot itself be reversed');
  const reference = input.reference ?? `reversal:${original.id}`;
  const existing = await findReversalOf(tx, original.id);
  if (existing && existing.reference !== reference)
    throw conflict('This transaction has already been reversed');
  const entries = await entriesOf(tx, original.id);
  return transfer(tx, {
    kind: 'REVERSAL',
    reference,
    description: input.description,
    corporateId: original.corporateId,
    source: { type: 'ledger_transfer', id: original.id },
    actorId: input.actorId ?? null,
    reversesTransferId: original.id,
    metadata: { reversedKind: original.kind, ...(input.metadata ?? {}) },
    entries: entries.map((e) => ({ accountId: e.accountId, amountKobo: -e.amountKobo })),
  });
}

// ---------------------------------------------------------------- reading

export async function accountBalance(db: Db, accountId: string): Promise<number> {
  const [row] = await findAccountsByIds(db, [accountId]);
  if (!row) throw notFound('Account');
  return row.balanceKobo;
}

export interface CorporateBalances {
  clientType: string;
  creditLimitKobo: number;
  walletKobo: number;
  floorKobo: number;
  sandboxKobo: number;
  commissionKobo: number;
  walletAccountId: string;
}

export async function corporateBalances(db: Db, corporateId: string): Promise<CorporateBalances> {
  const ids = await ensureCorporateAccounts(db, corporateId);
  const corp = await corporateSummary(db, corporateId);
  if (!corp) throw notFound('Corporate client');
  const rows = await findAccountsByIds(db, [ids.wallet, ids.sandboxWallet, ids.commission]);
  const bal = (id: string) => rows.find((r) => r.id === id)?.balanceKobo ?? 0;
  return {
    clientType: corp.clientType,
    creditLimitKobo: corp.creditLimitKobo,
    walletKobo: bal(ids.wallet),
    // The floor its debits check, kept on the wallet's row (migration 0022).
    floorKobo: rows.find((r) => r.id === ids.wallet)?.floorKobo ?? 0,
    sandboxKobo: bal(ids.sandboxWallet),
    commissionKobo: bal(ids.commission),
    walletAccountId: ids.wallet,
  };
}

/** The wallet's balance as at an instant, from its entries (not from the row). */
export async function walletBalanceBefore(db: Db, corporateId: string, before: Date): Promise<number> {
  return sumEntriesBefore(db, await walletAccountId(db, corporateId), before);
}

export interface WalletStatementLines {
  openingKobo: number;
  lines: Array<{
    at: Date;
    reference: string;
    kind: string;
    description: string;
    amountKobo: number;
    balanceAfterKobo: number;
  }>;
}

/** The wallet's balance at `from` and every entry in [from, to), oldest first (statements). */
export async function walletStatementLines(
  db: Db,
  corporateId: string,
  from: Date,
  to: Date,
): Promise<WalletStatementLines> {
  const account = await walletAccountId(db, corporateId);
  const openingKobo = await sumEntriesBefore(db, account, from);
  const rows = await entriesBetween(db, account, from, to);
  return {
    openingKobo,
    lines: rows.map((r) => ({
      at: r.createdAt,
      reference: r.reference,
      kind: r.kind,
      description: r.description,
      amountKobo: r.amountKobo,
      balanceAfterKobo: r.balanceAfterKobo,
    })),
  };
}

/** Whether an entry after `since` left the account at or above `kobo` (low-balance re-arming). */
export async function reachedSince(db: Db, accountId: string, since: Date, kobo: number): Promise<boolean> {
  return anyEntryAtOrAbove(db, accountId, since, kobo);
}

/** Transfer kinds that fund a wallet (money paid in, as opposed to vends, commission, reversals). */
export const FUNDING_TRANSFER_KINDS = [
  'BANK_FUNDING',
  'CARD_FUNDING',
  'BANK_TRANSFER_AUTO',
  'ADMIN_FUNDING',
  'POSTPAID_REPAYMENT',
] as const;

/** Transfers that take a funding back (the gateway reversed a card payment): totals are net of them. */
export const FUNDING_REVERSAL_KINDS = ['CARD_REVERSAL'] as const;

export interface WalletTotals {
  balanceKobo: number;
  /** Every credit to the wallet by a funding transfer, less what reversals took back. */
  totalFundingKobo: number;
}

/** Wallet balance and total funding of many corporates in one read (client lists). */
export async function walletTotals(db: Db, corporateIds: string[]): Promise<Map<string, WalletTotals>> {
  const rows = await walletTotalsRows(db, corporateIds, FUNDING_TRANSFER_KINDS, FUNDING_REVERSAL_KINDS);
  const out = new Map<string, WalletTotals>();
  for (const id of corporateIds) out.set(id, { balanceKobo: 0, totalFundingKobo: 0 });
  for (const r of rows)
    out.set(r.corporate_id, {
      balanceKobo: Number(r.balance_kobo),
      totalFundingKobo: Number(r.credited_kobo),
    });
  return out;
}

// ---------------------------------------------------------------- account ids

/**
 * Ledger account ids, resolved once per database and kept: an account's id never changes, so
 * this cache holds no money and no permission, only names. Resolving them before a vend's
 * transaction keeps those lookups out of the time the wallet row is locked.
 */
export interface AccountIds {
  /** `via`: the transaction in progress, used (and nothing cached) when the id is not known yet. */
  system(a: SystemAccount, via?: Db): Promise<string>;
  corporate(corporateId: string, via?: Db): Promise<CorporateAccounts>;
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
      via: Db | undefined,
      load: (x: Db) => Promise<T>,
    ) => {
      const known = m.get(key);
      if (known) return known;
      const v = await load(via ?? db);
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

/** Funding received (wallet credits of the funding kinds, less reversals) per Lagos day in [from, to). */
export async function fundingByDay(
  db: Db,
  from: Date,
  to: Date,
  corporateId?: string,
): Promise<Map<string, number>> {
  const rows = await walletCreditsByDay(
    db,
    FUNDING_TRANSFER_KINDS,
    FUNDING_REVERSAL_KINDS,
    from,
    to,
    corporateId,
  );
  return new Map(rows.map((r) => [r.day, Number(r.kobo)]));
}

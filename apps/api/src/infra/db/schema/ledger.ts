// The double-entry ledger: accounts (with their balance), transfers and their entries.
// Sign convention: a positive balance is what the platform owes (a client's wallet, fee income);
// the platform's clearing and float accounts carry the mirror image, so all balances sum to zero.
// Entries and transfers are append-only (a trigger in the migration refuses UPDATE and DELETE);
// a correction is a new transfer. Only modules/ledger/ledger.service.ts writes these tables.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timeOrderedId, ts } from './columns';
import { corporates } from './identity';

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable natural key: `WALLET:<corporateId>`, `SYSTEM:FUNDING_CLEARING`, ... */
    code: text('code').notNull(),
    /** WALLET, SANDBOX_WALLET, COMMISSION, or a platform account kind (FUNDING_CLEARING, ...). */
    kind: text('kind').notNull(),
    corporateId: uuid('corporate_id').references(() => corporates.id),
    name: text('name').notNull(),
    balanceKobo: bigint('balance_kobo', { mode: 'number' }).notNull().default(0),
    /**
     * The least a debit may leave: 0 for a sandbox wallet or a commission account, 0 or minus the
     * credit limit for a wallet (its corporate's type), null for a platform account. Kept by the
     * database from the kind and the corporate (migration 0022): a debit reads it from the row it
     * has locked, and a type or limit change rewrites it under that same row lock.
     */
    floorKobo: bigint('floor_kobo', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_uq').on(t.code),
    index('ledger_accounts_corporate_idx').on(t.corporateId),
    check(
      'ledger_accounts_client_has_corporate',
      sql`${t.kind} not in ('WALLET', 'SANDBOX_WALLET', 'COMMISSION') or ${t.corporateId} is not null`,
    ),
  ],
);

/**
 * Every kind of transfer the ledger may write. The database refuses any other (the check below), so
 * what reads transfers (a statement's code and type per kind, reconciliation/statement-kinds.ts)
 * can be tested against the database's own list: a new kind fails that test until it is mapped.
 * ADJUSTMENT is a manual correction (and the tests' way to seed a wallet).
 */
export const LEDGER_TRANSFER_KINDS = [
  'BANK_FUNDING',
  'POSTPAID_REPAYMENT',
  'CARD_FUNDING',
  'BANK_TRANSFER_AUTO',
  'ADMIN_FUNDING',
  'VEND',
  'VEND_REROUTE',
  'COMMISSION',
  'REVERSAL',
  'ADJUSTMENT',
  'CARD_REVERSAL',
  'CARD_RECEIVABLE_RECOVERY',
  'VTU_FUNDING',
  'SANDBOX_FUNDING',
  'VEND_RECHARGE',
  'VEND_WRITE_OFF',
  'CARD_REFUND',
  'CARD_DISPUTE',
  'CARD_DISPUTE_RETURNED',
  'GATEWAY_DISCREPANCY',
] as const;
export type LedgerTransferKind = (typeof LEDGER_TRANSFER_KINDS)[number];

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: timeOrderedId(),
    /** The idempotency key: one transfer per reference, ever (e.g. `fund-request:<id>`). */
    reference: text('reference').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    /** The client the movement concerns, for statements and reports (null for platform-only moves). */
    corporateId: uuid('corporate_id').references(() => corporates.id),
    /** What caused it: ('fund_request', id), ('card_payment', id), ... */
    sourceType: text('source_type'),
    sourceId: text('source_id'),
    /** Set on a reversal: the transfer it undoes. Unique, so a transfer is reversed at most once. */
    reversesTransferId: uuid('reverses_transfer_id').references((): AnyPgColumn => ledgerTransfers.id),
    actorId: uuid('actor_id'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_reference_uq').on(t.reference),
    // Partial: most transfers reverse nothing, and NULLs never clash anyway.
    uniqueIndex('ledger_transfers_reverses_uq')
      .on(t.reversesTransferId)
      .where(sql`${t.reversesTransferId} is not null`),
    // A client's money movements but its vends' debits (one per vend, on the hot path; a client's
    // vends are read from the vends): the funding it received per day.
    index('ledger_transfers_corporate_idx').on(t.corporateId, t.createdAt).where(sql`${t.kind} <> 'VEND'`),
    index('ledger_transfers_source_idx').on(t.sourceType, t.sourceId),
    // Platform funding per day (dashboards, analytics): the funding kinds over a range, without
    // reading every vend's debit transfer.
    index('ledger_transfers_kind_created_idx').on(t.kind, t.createdAt),
    check(
      'ledger_transfers_kind_known',
      sql.raw(`kind in (${LEDGER_TRANSFER_KINDS.map((k) => `'${k}'`).join(', ')})`),
    ),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: timeOrderedId(),
    /** Insertion order; per account it is also the order of the balance changes (row lock held). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** The account's balance right after this entry. */
    balanceAfterKobo: bigint('balance_after_kobo', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.createdAt),
    uniqueIndex('ledger_entries_transfer_account_uq').on(t.transferId, t.accountId),
    check('ledger_entries_nonzero', sql`${t.amountKobo} <> 0`),
  ],
);

// The ledger as other modules' invariants read it (the ledger tables are this module's:
// scripts/table-owners.mjs). A module whose rows must agree with the books (a fund request
// credited once, a vend debited once) checks that in its own query, joining these projections
// of the ledger's tables; PostgreSQL flattens them, so the plan is the one a join on the tables
// would get. Read-only: money moves through ledger.service alone.
import { sql } from 'drizzle-orm';

/** Transfers: id, kind, reference, corporate_id, source_type, source_id, reverses_transfer_id. */
export const ledgerTransfersRel = sql.raw(
  '(select id, kind, reference, corporate_id, source_type, source_id, reverses_transfer_id from ledger_transfers)',
);

/** Entries with their account's code: transfer_id, account_code, amount_kobo. One per transfer
 * and account (ledger_entries_transfer_account_uq). */
export const ledgerEntriesRel = sql.raw(
  '(select e.transfer_id, a.code as account_code, e.amount_kobo from ledger_entries e join ledger_accounts a on a.id = e.account_id)',
);

/** Accounts: id, code, kind, corporate_id, balance_kobo. */
export const ledgerAccountsRel = sql.raw(
  '(select id, code, kind, corporate_id, balance_kobo from ledger_accounts)',
);

// checkLedger(db): every ledger invariant over the whole database, each with its count of
// violations (and a few sample ids). Used by `npm run ledger:check` and at the end of test suites.
// It reads the ledger's tables only (and a client's credit terms through the clients module's
// SQL): "credited exactly once" and "debited exactly once" are checked by the modules that own
// fund requests and vends (funding.check.ts, vending.check.ts), over the ledger's published
// projections (ledger-relations.repo.ts); checkBooks (books.ts) runs them all.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { rowsOf } from '../../infra/db/sql';
import { corporateDirectory } from '../corporates';

export interface LedgerCheck {
  name: string;
  violations: number;
  /** Up to five offending ids (or the offending total). */
  samples: string[];
}

export interface LedgerReport {
  ok: boolean;
  checks: LedgerCheck[];
}

/** An invariant: its query returns one row per violation, with a text column `id`. */
export interface Invariant {
  name: string;
  query: SQL;
}

const CHECKS: Invariant[] = [
  {
    name: 'the sum of all balances is zero',
    query: sql`select coalesce(sum(balance_kobo), 0)::text as id from ledger_accounts
               having coalesce(sum(balance_kobo), 0) <> 0`,
  },
  {
    name: "every account's balance equals the sum of its entries",
    query: sql`select a.id::text as id
                 from ledger_accounts a
                 left join (select account_id, sum(amount_kobo) as total from ledger_entries group by account_id) e
                   on e.account_id = a.id
                where a.balance_kobo <> coalesce(e.total, 0)`,
  },
  {
    name: 'every transfer has two or more entries summing to zero',
    query: sql`select t.id::text as id
                 from ledger_transfers t
                 left join ledger_entries e on e.transfer_id = t.id
                group by t.id
               having count(e.id) < 2 or coalesce(sum(e.amount_kobo), 0) <> 0`,
  },
  {
    name: "every entry's running balance follows the entries before it",
    query: sql`select id::text as id from (
                 select id, balance_after_kobo,
                        sum(amount_kobo) over (partition by account_id order by seq) as running
                   from ledger_entries) x
                where balance_after_kobo <> running`,
  },
  {
    // Against the floor kept on the account, which the next check holds to its rule.
    name: 'no wallet is below its floor',
    query: sql`select id::text as id from ledger_accounts where balance_kobo < floor_kobo`,
  },
  {
    // Debits check the floor kept on the account (migration 0022), so it must be the one its kind
    // and its client's terms give: computed here on its own, not by the database's function.
    name: "every account's floor follows its kind and its client's credit terms",
    query: sql`select a.id::text as id
                 from ledger_accounts a
                 left join ${corporateDirectory} c on c.id = a.corporate_id
                where a.floor_kobo is distinct from
                      case when a.kind = 'WALLET'
                           then case when c.client_type in ('POSTPAID', 'POSTPAID_PLUS') then -c.credit_limit_kobo else 0 end
                           when a.kind in ('SANDBOX_WALLET', 'COMMISSION') then 0 end`,
  },
  {
    name: 'each transfer is reversed at most once',
    query: sql`select reverses_transfer_id::text as id from ledger_transfers
                where reverses_transfer_id is not null
                group by reverses_transfer_id having count(*) > 1`,
  },
  {
    name: 'each fund request is credited at most once',
    query: sql`select source_id as id from ledger_transfers
                where source_type = 'fund_request'
                group by source_id having count(*) > 1`,
  },
  {
    name: 'each card payment is credited at most once',
    query: sql`select source_id as id from ledger_transfers
                where source_type = 'card_payment'
                group by source_id having count(*) > 1`,
  },
];

/** Runs invariants, in order, into one report (the ledger's own; vending adds its list). */
export async function runChecks(db: Db, invariants: Invariant[]): Promise<LedgerReport> {
  const checks: LedgerCheck[] = [];
  for (const c of invariants) {
    const rows = await rowsOf<{ id: string | null }>(db, c.query);
    checks.push({
      name: c.name,
      violations: rows.length,
      samples: rows.slice(0, 5).map((r) => String(r.id)),
    });
  }
  return { ok: checks.every((c) => c.violations === 0), checks };
}

export const checkLedger = (db: Db): Promise<LedgerReport> => runChecks(db, CHECKS);

/** The ledger's invariants followed by `more` (a module's own, over the rows it owns). */
export const checkLedgerAnd = (db: Db, more: Invariant[]): Promise<LedgerReport> =>
  runChecks(db, [...CHECKS, ...more]);

export function formatLedgerReport(report: LedgerReport): string {
  const lines = report.checks.map(
    (c) =>
      `${c.violations === 0 ? 'ok  ' : 'FAIL'}  ${c.name}: ${c.violations} violation${c.violations === 1 ? '' : 's'}` +
      (c.samples.length ? ` (e.g. ${c.samples.join(', ')})` : ''),
  );
  lines.push(report.ok ? 'Ledger consistent.' : 'Ledger INCONSISTENT.');
  return lines.join('\n');
}

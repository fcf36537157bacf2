// The fault run's database side, run with tsx by bench/faults.mjs (the app's own code):
//   pending          prints {"pending": n}: live vends still PENDING.
//   check <json>     the figures and zeros of the run, as JSON on the last line. <json> is
//                    {"fundedKobo": per-client funding, "faults": the simulator's profile}.
// The database is DATABASE_URL.

import { checkBooks } from '../apps/api/src/books';
import { loadConfig } from '../apps/api/src/infra/config';
import { openDb } from '../apps/api/src/infra/db/client';
import { dbTargetOf } from '../apps/api/src/infra/db/target';
import { formatLedgerReport } from '../apps/api/src/modules/ledger/ledger-check';
import { type SimulatorFaults, simulatedFault } from '../apps/api/src/modules/providers/providers.service';

const [command, arg] = process.argv.slice(2);
const handle = await openDb(dbTargetOf(loadConfig()));
const q = <T>(text: string, params: unknown[] = []) => handle.query<T>(text, params);

try {
  if (command === 'pending') {
    const [r] = await q<{ n: number }>("select count(*)::int as n from vends where status = 'PENDING'");
    console.log(JSON.stringify({ pending: r.n }));
  } else if (command === 'check') {
    const { fundedKobo, faults } = JSON.parse(arg) as { fundedKobo: number; faults: SimulatorFaults };
    const byStatus = Object.fromEntries(
      (
        await q<{ status: string; n: number }>(
          "select status, count(*)::int as n from vends where mode = 'LIVE' group by status",
        )
      ).map((r) => [r.status, r.n]),
    );
    // Kobo lost or created: each wallet must hold its funding less the charge of its successful
    // vends (failed vends were debited and reversed; nothing is pending any more).
    const wallets = await q<{ corporate_id: string; balance: string; spent: string }>(
      `select a.corporate_id, a.balance_kobo::text as balance,
              coalesce((select sum(charge_kobo) from vends v
                         where v.corporate_id = a.corporate_id and v.mode = 'LIVE'
                           and v.status in ('SUCCESSFUL', 'PENDING')), 0)::text as spent
         from ledger_accounts a where a.kind = 'WALLET'`,
    );
    let koboOff = 0;
    for (const w of wallets) koboOff += Math.abs(Number(w.balance) - (fundedKobo - Number(w.spent)));
    // Every transfer balances to zero: a kobo made or lost anywhere shows here too.
    const [unbalanced] = await q<{ n: string }>(
      `select coalesce(sum(abs(s)), 0)::text as n
         from (select sum(amount_kobo) as s from ledger_entries group by transfer_id) x where s <> 0`,
    );
    koboOff += Number(unbalanced.n);
    const [doubles] = await q<{ n: number }>(
      `select count(*)::int as n from (
         select v.corporate_id, v.reference from vends v
           join ledger_transfers t on t.source_type = 'vend' and t.source_id = v.id::text and t.kind = 'VEND'
          group by v.corporate_id, v.reference having count(*) > 1) x`,
    );
    // A failure must be one the provider gave: its vend call or its requery said FAILED.
    const ended = await q<{ code: string; status: string }>(
      "select code, status from vends where mode = 'LIVE' and status in ('FAILED', 'REVERSED', 'SUCCESSFUL')",
    );
    let reversedWithoutFailure = 0;
    let successfulDespiteFailure = 0;
    for (const v of ended) {
      const sim = simulatedFault(v.code, faults);
      const failedUpstream = sim !== null && (sim.vend === 'FAILED' || sim.query === 'FAILED');
      if (v.status !== 'SUCCESSFUL' && !failedUpstream) reversedWithoutFailure++;
      if (v.status === 'SUCCESSFUL' && failedUpstream) successfulDespiteFailure++;
    }
    const [timing] = await q<{ max_pending_ms: number | null }>(
      `select (extract(epoch from max(updated_at - created_at)) * 1000)::int as max_pending_ms
         from vends where mode = 'LIVE' and status <> 'PENDING'`,
    );
    const report = await checkBooks(handle.db);
    console.log(formatLedgerReport(report));
    console.log(
      JSON.stringify({
        byStatus,
        koboLostOrCreated: koboOff,
        referencesDebitedTwice: doubles.n,
        reversedWithoutFailure,
        successfulDespiteFailure,
        maxPendingMs: timing.max_pending_ms ?? 0,
        ledgerOk: report.ok,
        ledgerViolations: report.checks.reduce((n, c) => n + c.violations, 0),
      }),
    );
  } else {
    throw new Error('usage: faults-fixture.ts pending | check <json>');
  }
} finally {
  await handle.close();
}

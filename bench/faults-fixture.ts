// The fault run's database side, run with tsx by bench/faults.mjs (the app's own code):
//   pending          prints {"pending": n}: live vends still PENDING.
//   check <json>     the figures and zeros of the run, as JSON on the last line. <json> is
//                    {"fundedKobo": per-client funding, "faults": the simulator's profile[, "vtpass":
//                    {"baseUrl", "apiKey", "secretKey"}]}. With "vtpass" (--provider=vtpass-mock),
//                    what the provider decided is asked of the VTpass stand-in (requery by request
//                    id), not worked out from the simulator's profile.
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

interface VtpassAccess {
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  /** PROVIDER_NOT_FOUND_GRACE_MINUTES of the servers. */
  graceMinutes: number;
}
type Verdict = 'delivered' | 'pending' | 'failed' | 'reversed' | 'unknown' | 'other';

/** What VTpass (the stand-in) says of a request id: POST /requery, 015 meaning it never received it. */
async function requeryVtpass(access: VtpassAccess, requestId: string): Promise<Verdict> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(`${access.baseUrl}/requery`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'api-key': access.apiKey,
          'secret-key': access.secretKey,
        },
        body: JSON.stringify({ request_id: requestId }),
        signal: AbortSignal.timeout(30_000),
      });
      const a = (await res.json()) as { code?: string; content?: { transactions?: { status?: string } } };
      if (a.code === '015') return 'unknown';
      if (a.code === '016') return 'failed';
      const status = a.content?.transactions?.status;
      if (a.code === '000' && (status === 'delivered' || status === 'pending' || status === 'reversed'))
        return status;
      if (status === 'failed') return 'failed';
      console.log(`VTpass requery of ${requestId}: ${JSON.stringify(a)}`);
      return 'other';
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

/**
 * The zeros judged by what VTpass decided: each ended vend's attempts are requeried at the stand-in.
 * A vend FAILED or REVERSED must have an attempt VTpass failed (or reversed), or never received
 * (the grace period); a SUCCESSFUL one an attempt VTpass delivered.
 */
async function vtpassVerdicts(ended: { id: string; status: string; age_ms: number }[], access: VtpassAccess) {
  const attempts = await q<{ vend_id: string; provider: string; request_id: string }>(
    `select a.vend_id, a.provider, a.request_id from vend_attempts a
       join vends v on v.id = a.vend_id where v.mode = 'LIVE' order by a.vend_id, a.position`,
  );
  const byVend = new Map<string, { provider: string; requestId: string }[]>();
  for (const a of attempts) {
    const list = byVend.get(a.vend_id) ?? [];
    list.push({ provider: a.provider, requestId: a.request_id });
    byVend.set(a.vend_id, list);
  }
  const verdicts = new Map<string, Verdict>();
  const ids = attempts.filter((a) => a.provider === 'VTPASS').map((a) => a.request_id);
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < ids.length) {
        const id = ids[next++];
        verdicts.set(id, await requeryVtpass(access, id));
      }
    }),
  );
  const seen: Record<Verdict, number> = {
    delivered: 0,
    pending: 0,
    failed: 0,
    reversed: 0,
    unknown: 0,
    other: 0,
  };
  for (const v of verdicts.values()) seen[v]++;
  let reversedWithoutFailure = 0;
  let successfulDespiteFailure = 0;
  let severalAttempts = 0;
  let failedNeverReceived = 0;
  let failedBeforeGrace = 0;
  let withoutAttempt = 0;
  let notAtVtpass = 0;
  for (const v of ended) {
    const list = byVend.get(v.id) ?? [];
    const atVtpass = list.filter((a) => a.provider === 'VTPASS').map((a) => verdicts.get(a.requestId)!);
    if (list.length === 0) withoutAttempt++;
    if (list.length > atVtpass.length) notAtVtpass++;
    if (atVtpass.length > 1) severalAttempts++;
    if (v.status === 'SUCCESSFUL') {
      // Delivered by VTpass, and by no attempt it failed or never received.
      if (!atVtpass.includes('delivered') || atVtpass.some((x) => x !== 'delivered'))
        successfulDespiteFailure++;
    } else {
      // Undone: no attempt VTpass delivered or still holds (none written: nothing was sent).
      const undone = atVtpass.every((x) => x === 'failed' || x === 'reversed' || x === 'unknown');
      if (!undone) reversedWithoutFailure++;
      if (v.status === 'FAILED' && (atVtpass.length === 0 || atVtpass.includes('unknown'))) {
        failedNeverReceived++;
        if (v.age_ms < access.graceMinutes * 60_000) failedBeforeGrace++;
      }
    }
  }
  console.log(
    `VTpass stand-in, by request id: ${seen.delivered} delivered, ${seen.failed} failed, ${seen.reversed} reversed, ${seen.pending} pending, ${seen.unknown} never received (015), ${seen.other} other`,
  );
  console.log(
    `ended vends: ${withoutAttempt} without an attempt, ${notAtVtpass} with an attempt at another provider, ${severalAttempts} sent to VTpass more than once, ${failedNeverReceived} FAILED that VTpass never received (${failedBeforeGrace} of them before the grace period of ${access.graceMinutes} min)`,
  );
  return {
    reversedWithoutFailure,
    successfulDespiteFailure,
    figures: {
      vendsWithSeveralAttempts: severalAttempts,
      failedNeverReceived,
      vendsWithoutAttempt: withoutAttempt,
    },
  };
}

try {
  if (command === 'pending') {
    const [r] = await q<{ n: number }>("select count(*)::int as n from vends where status = 'PENDING'");
    console.log(JSON.stringify({ pending: r.n }));
  } else if (command === 'check') {
    const { fundedKobo, faults, vtpass } = JSON.parse(arg) as {
      fundedKobo: number;
      faults: SimulatorFaults;
      vtpass?: VtpassAccess;
    };
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
    const ended = await q<{ id: string; code: string; status: string; age_ms: number }>(
      `select id, code, status, (extract(epoch from updated_at - created_at) * 1000)::int as age_ms
         from vends where mode = 'LIVE' and status in ('FAILED', 'REVERSED', 'SUCCESSFUL')`,
    );
    let reversedWithoutFailure = 0;
    let successfulDespiteFailure = 0;
    let vtpassFigures: Record<string, number> = {};
    if (vtpass) {
      const r = await vtpassVerdicts(ended, vtpass);
      reversedWithoutFailure = r.reversedWithoutFailure;
      successfulDespiteFailure = r.successfulDespiteFailure;
      vtpassFigures = r.figures;
    } else {
      for (const v of ended) {
        const sim = simulatedFault(v.code, faults);
        const failedUpstream = sim !== null && (sim.vend === 'FAILED' || sim.query === 'FAILED');
        if (v.status !== 'SUCCESSFUL' && !failedUpstream) reversedWithoutFailure++;
        if (v.status === 'SUCCESSFUL' && failedUpstream) successfulDespiteFailure++;
      }
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
        ...vtpassFigures,
      }),
    );
  } else {
    throw new Error('usage: faults-fixture.ts pending | check <json>');
  }
} finally {
  await handle.close();
}

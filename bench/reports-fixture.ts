// The reports benchmark's database side, run with tsx by bench/reports.mjs: one fresh PostgreSQL
// database per size of BENCH_SIZES (BENCH_DATABASE_URLS, in the same order; DATABASE_URL alone for
// one size). In each: migrate, create 200 clients, bulk-insert the size's vends over the last 90
// days with SQL (generate_series: a debit transfer per vend, a reversal for the failed and reversed
// ones, ~3% test-mode vends), build the day roll-ups and check them against the raw rows. Then the
// report reads are timed through the app's own services, p50/p95 over BENCH_REPEAT runs each, the
// sizes taking turns run by run (a read's runs at 10,000 and at 1,000,000 interleaved, not minutes
// apart): whatever else the machine does then weighs on every size alike, so the growth column
// measures the size, not the moment. Last, for each size, the admin's vending history is exported
// over every live row through the app's own streamed CSV (to a counting sink): rows, time and the
// process's peak RSS. Prints one JSON line per size.
//
// Seeding in bulk, fast enough for ten million: batches of a million rows from an unlogged table,
// on a connection of its own with triggers and foreign-key checks off (session_replication_role
// = replica: the rows are consistent by construction; the roll-up days the insert trigger would
// mark dirty are marked by one statement per batch; the auto top-up spend counters, which no
// report reads, are not kept); a top-up of more rows than there are drops the secondary indexes
// of vends and ledger_transfers first and builds them again after (then analyze).
import { Writable } from 'node:stream';
import { addCalendarDays, LOW_FLOAT_KOBO, lagosDateOf } from '@vendport/shared';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/infra/config';
import { pipeCsv } from '../apps/api/src/infra/csv';
import { type Db, type DbHandle, openDb } from '../apps/api/src/infra/db/client';
import { runMigrations } from '../apps/api/src/infra/db/migrate';
import { ensureSystemRoles } from '../apps/api/src/modules/auth';
import { ensureDefaultCatalogue } from '../apps/api/src/modules/catalogue/catalogue.service';
import { adminDashboard, corporateDashboard } from '../apps/api/src/modules/reports/dashboards.service';
import { buildRollups, checkRollups } from '../apps/api/src/modules/reports/rollup.service';
import { trends } from '../apps/api/src/modules/reports/trends.service';
import { valuationChunk, valuationCount } from '../apps/api/src/modules/reports/valuation.service';
import { vendTotal } from '../apps/api/src/modules/reports/vend-totals.service';
import { vendHistoryCsv } from '../apps/api/src/modules/vending/history/vend-export.service';
import { vendHistoryPage } from '../apps/api/src/modules/vending/history/vend-history.repo';

const CLIENTS = 200;
const DAYS = 90;
const SIZES = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 100);

const config = loadConfig();
const URLS = (process.env.BENCH_DATABASE_URLS ?? config.DATABASE_URL ?? '').split(',').filter(Boolean);
if (URLS.length !== SIZES.length)
  throw new Error(
    `BENCH_DATABASE_URLS: one database per size of BENCH_SIZES (${SIZES.length}), not ${URLS.length}`,
  );
const POOL_SIZE = config.DATABASE_POOL_SIZE ?? 20;

/** One size's database: its URL, the app's handle on it and its vend count. */
interface Sized {
  total: number;
  url: string;
  handle: DbHandle;
  db: Db;
  q: DbHandle['query'];
}

async function openSized(total: number, url: string): Promise<Sized> {
  const handle = await openDb({ url, poolSize: POOL_SIZE });
  return { total, url, handle, db: handle.db, q: handle.query };
}

async function setup({ handle, db, q }: Sized): Promise<void> {
  await runMigrations(handle);
  await ensureSystemRoles(db);
  await ensureDefaultCatalogue(db);
  const types = ['PREPAID', 'POSTPAID', 'POSTPAID_PLUS'];
  await q(
    `insert into corporates (name, email, msisdn, client_type)
     select 'Bench client ' || i || ' Ltd', 'bench-' || i || '@bench.vendport', '+2348031234567', ($1::text[])[1 + i % 3]
       from generate_series(1, ${CLIENTS}) i`,
    [types],
  );
}

/** The indexes a bulk load may drop and build again: not a primary key or one a constraint uses. */
async function secondaryIndexes(c: pg.Client): Promise<Array<{ name: string; def: string }>> {
  const { rows } = await c.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i
      where i.indrelid in ('vends'::regclass, 'ledger_transfers'::regclass)
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
  );
  return rows;
}

/** Vends number `from`..`to` (inclusive), spread in order over the last DAYS days up to now. */
async function seed({ url }: Sized, from: number, to: number): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const run = (text: string) => c.query(text);
  try {
    await run(`set session_replication_role = replica`);
    await run(`set synchronous_commit = off`);
    await run(`set maintenance_work_mem = '1GB'`);
    await run(`set work_mem = '256MB'`);
    const [{ n: existing }] = (await c.query<{ n: string }>('select count(*) as n from vends')).rows;
    const bulk = to - from + 1 >= 500_000 && to - from + 1 > Number(existing);
    const dropped = bulk ? await secondaryIndexes(c) : [];
    for (const ix of dropped) await run(`drop index ${ix.name}`);
    const step = 1_000_000;
    for (let a = from; a <= to; a += step) {
      const b = Math.min(to, a + step - 1);
      await run('drop table if exists bench_gen');
      await run(
        `create unlogged table bench_gen as
       with c as (select id, client_type, row_number() over (order by id) as n from corporates),
            s as (select id, network, service_type, commission_bps,
                         row_number() over (order by network, service_type) as n
                    from services where platform = 'AGGREGATOR'),
            g as (select i, random() as r1, random() as r2, random() as r3, random() as r4, random() as r5, random() as r6
                    from generate_series(${a}, ${b}) i)
       select g.i, c.id as corporate_id, c.client_type, s.id as service_id, s.network, s.service_type,
              s.commission_bps,
              -- ₦50 to ₦5,000 in whole naira
              (5000 + floor(g.r2 * 4951)::bigint * 100) as amount_kobo,
              -- in time order, as vends arrive (a day's vends sit together on disk)
              now() - interval '${DAYS} days' * (1 - (g.i - ${from} + g.r1) / ${to - from + 1}::float8) as created_at,
              case when g.r3 < 0.90 then 'SUCCESSFUL' when g.r3 < 0.96 then 'FAILED'
                   when g.r3 < 0.98 then 'PENDING' else 'REVERSED' end as status,
              case when g.r4 < 0.03 then 'TEST' else 'LIVE' end as mode,
              (array['API','API','PORTAL','BULK','AUTO_TOPUP'])[1 + (g.i % 5)] as channel
         from g
         join c on c.n = 1 + floor(g.r5 * ${CLIENTS})::int
         join s on s.n = 1 + floor(g.r6 * (select count(*) from s))::int`,
      );
      await run(
        `insert into ledger_transfers (id, reference, kind, description, corporate_id, created_at)
       select md5('d' || i)::uuid, 'bench-debit:' || i, 'VEND_DEBIT', 'Benchmark vend', corporate_id, created_at
         from bench_gen`,
      );
      await run(
        `insert into ledger_transfers (id, reference, kind, description, corporate_id, reverses_transfer_id, created_at)
       select md5('r' || i)::uuid, 'bench-reversal:' || i, 'VEND_REVERSAL', 'Benchmark reversal', corporate_id,
              md5('d' || i)::uuid, created_at + interval '1 minute'
         from bench_gen where status in ('FAILED', 'REVERSED')`,
      );
      await run(
        `insert into vends (code, corporate_id, mode, channel, reference, request_hash, msisdn, network, service_type,
                          service_id, platform, amount_kobo, charge_kobo, commission_kobo, commission_bps,
                          commission_mode, status, routes, float_account, debit_transfer_id, reversal_transfer_id,
                          client_type, created_at, updated_at, settled_at, completed_at)
       select 'VND-B' || lpad(i::text, 11, '0'), corporate_id, mode, channel, 'bench-' || i, md5(i::text),
              '+234803' || lpad((i % 10000000)::text, 7, '0'), network, service_type, service_id, 'AGGREGATOR',
              amount_kobo, amount_kobo,
              case when status = 'SUCCESSFUL' then amount_kobo * commission_bps / 10000 else 0 end,
              commission_bps, 'ACCRUED', status, '["AGGREGATOR"]'::jsonb, 'PROVIDER_FLOAT', md5('d' || i)::uuid,
              case when status in ('FAILED', 'REVERSED') then md5('r' || i)::uuid end,
              client_type, created_at, created_at, created_at, case when status <> 'PENDING' then created_at end
         from bench_gen`,
      );
      // What the insert trigger (off here) does: a live vend of a past Lagos day marks the day dirty.
      await run(
        `insert into vend_rollup_days (day, dirty)
       select distinct (created_at at time zone 'Africa/Lagos')::date, true from bench_gen
        where mode = 'LIVE' and created_at < now() - interval '1 hour'
          and (created_at at time zone 'Africa/Lagos')::date < (now() at time zone 'Africa/Lagos')::date
       on conflict (day) do update set dirty = true where vend_rollup_days.dirty = false`,
      );
      process.stderr.write(`   seeded vends ${a.toLocaleString('en')}..${b.toLocaleString('en')}\n`);
    }
    await run('drop table if exists bench_gen');
    if (dropped.length) {
      const t0 = performance.now();
      for (const ix of dropped) await run(ix.def);
      process.stderr.write(
        `   built ${dropped.length} indexes again in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
      );
    }
    await run('analyze vends');
    await run('analyze ledger_transfers');
  } finally {
    await c.end();
  }
}

async function rollups({ db, q }: Sized): Promise<{ days: number; ms: number; mismatches: string[] }> {
  const t0 = performance.now();
  let days = 0;
  for (;;) {
    const built = await buildRollups(db, new Date(), 31);
    days += built.length;
    if (built.length < 31) break;
  }
  const ms = performance.now() - t0;
  await q('vacuum analyze');
  // The bulk load's dirty pages written now, not by a checkpoint during the timed reads (their
  // p95 would measure the seeding's write-back).
  await q('checkpoint');
  return { days, ms: Math.round(ms), mismatches: await checkRollups(db) };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

type Figures = { p50: number; p95: number };

/**
 * One read timed at every size: `fns[i]` is the read on size i. Run i of every size is timed
 * before run i + 1 of any, the sizes' order turning each run, so the sizes share every moment of
 * the measure.
 */
async function timeSizes(fns: Array<() => Promise<unknown>>): Promise<Figures[]> {
  // The garbage of the read timed before is collected now, not inside this one's runs (with
  // --expose-gc, which bench:reports passes).
  (globalThis as { gc?: () => void }).gc?.();
  for (const fn of fns) for (let i = 0; i < 3; i++) await fn();
  const xs: number[][] = fns.map(() => []);
  for (let i = 0; i < REPEAT; i++) {
    for (let j = 0; j < fns.length; j++) {
      const k = (i + j) % fns.length;
      const t0 = performance.now();
      await fns[k]();
      xs[k].push(performance.now() - t0);
    }
  }
  return xs.map((x) => ({ p50: Math.round(pct(x, 50) * 10) / 10, p95: Math.round(pct(x, 95) * 10) / 10 }));
}

/**
 * Every connection of the app's pool opened and its catalogue caches loaded for the tables the
 * reads use, before anything is timed: the bulk load's vacuum invalidates them, and a connection
 * the pool opens (or reloads) inside a timed read made its p95 (bench:reports at 1,000,000, the
 * client's first page 2-3 ms at p50 with 15 ms at p95, the slow runs being the first ones). The
 * app's connections are long-lived; the reads are measured as they run on them.
 */
async function warmPool({ q }: Sized): Promise<void> {
  const tables = [
    'vends',
    'corporates',
    'vend_daily_totals',
    'vend_daily_network_totals',
    'vend_daily_service_totals',
    'vend_daily_channel_totals',
    'vend_daily_client_type_totals',
    'vend_client_daily_totals',
    'vend_client_detail_totals',
    'vend_rollup_days',
  ];
  const plans = tables.map((t) => `explain select * from ${t} where ctid = '(0,1)'`).join('; ');
  // One statement string per connection: the sleep holds it while the others open.
  await Promise.all(Array.from({ length: POOL_SIZE }, () => q(`select pg_sleep(0.2); ${plans}`)));
}

/** The size's figures besides the times, and its reads ready to be timed. */
async function readsOf(s: Sized) {
  const { db, q, total } = s;
  await warmPool(s);
  // The busiest client: what its home, valuation and history read.
  const [top] = await q<{ id: string }>(
    `select corporate_id as id from vends group by 1 order by count(*) desc limit 1`,
  );
  const client = top?.id ?? '';
  const today = lagosDateOf(new Date());
  const range30 = { startDate: addCalendarDays(today, -29), endDate: today };
  const range90 = { startDate: addCalendarDays(today, -89), endDate: today };
  const [{ n }] = await q<{ n: string }>(
    `select count(*) as n from vends where corporate_id = $1 and mode = 'LIVE' and status = 'SUCCESSFUL'
        and created_at >= $2::date - interval '1 hour'`,
    [client, range30.startDate],
  );
  const chunkSize = 5000;
  // The history as its routes read it: the total from the roll-ups (ctx.reads, wired by app.ts).
  const historyPage = (f: Parameters<typeof vendHistoryPage>[1]) => vendHistoryPage(db, f, { vendTotal });
  const count = await valuationCount(db, client, { ...range30, chunkSize });
  const clientHistory = {
    corporateId: client,
    mode: 'LIVE',
    status: 'SUCCESSFUL',
    network: 'MTN',
    limit: 40,
  };
  // The histories as the pager reads them: page 1, a jump to the last page (a link or a reload),
  // and Next by cursor from the page before it.
  const lastPage = (t: number) => Math.max(1, Math.ceil(t / 40));
  const clientTotal = (await historyPage({ ...clientHistory, page: 1 })).total;
  const clientBeforeLast = await historyPage({ ...clientHistory, page: lastPage(clientTotal) - 1 });
  const adminHistory = {
    mode: 'LIVE',
    status: 'SUCCESSFUL',
    network: 'MTN',
    from: new Date(`${range30.startDate}T00:00:00+01:00`),
    limit: 40,
  };
  const adminTotal = (await historyPage({ ...adminHistory, page: 1 })).total;
  const adminBeforeLast = await historyPage({ ...adminHistory, page: lastPage(adminTotal) - 1 });
  const byCursor = (
    h: typeof clientHistory | typeof adminHistory,
    total: number,
    before: { nextCursor: string | null },
  ) => historyPage({ ...h, page: lastPage(total), cursor: before.nextCursor ?? undefined });
  const reads: Record<string, () => Promise<unknown>> = {
    'client home, 30 days': () => corporateDashboard(db, client, false, { filter: 'custom', ...range30 }),
    'admin home, 30 days': () => adminDashboard(db, range30, LOW_FLOAT_KOBO),
    'analytics trends, 90 days': () => trends(db, { ...range90, granularity: 'day' }),
    'valuation count, 30 days': () => valuationCount(db, client, { ...range30, chunkSize }),
    'valuation chunk (5,000)': () => valuationChunk(db, client, { ...range30, chunkSize }),
    'client history, first page': () => historyPage({ ...clientHistory, page: 1 }),
    'client history, last page (jump)': () => historyPage({ ...clientHistory, page: lastPage(clientTotal) }),
    'client history, last page (next)': () => byCursor(clientHistory, clientTotal, clientBeforeLast),
    'admin history, first page': () => historyPage({ ...adminHistory, page: 1 }),
    'admin history, last page (jump)': () => historyPage({ ...adminHistory, page: lastPage(adminTotal) }),
    'admin history, last page (next)': () => byCursor(adminHistory, adminTotal, adminBeforeLast),
  };
  return {
    figures: {
      total,
      clientVends30: Number(n),
      valuationCount: count.count,
      clientHistoryRows: clientTotal,
      adminHistoryRows: adminTotal,
    },
    reads,
  };
}

const MB = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

/**
 * The admin's vending history exported over every live vend, through the app's streamed CSV, into
 * a sink that counts: rows, bytes, time, and the RSS before and at its peak (sampled every 10 ms
 * and at every chunk), with the process's lifetime peak (resourceUsage().maxRSS) beside them.
 */
async function exportRun({ db }: Sized) {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, 10);
  let rows = -1; // the header
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
      sample();
      done();
    },
  });
  const t0 = performance.now();
  try {
    await pipeCsv(vendHistoryCsv(db, { mode: 'LIVE' }, { admin: true }), sink);
  } finally {
    clearInterval(timer);
  }
  sample();
  return {
    rows,
    mb: MB(bytes),
    ms: Math.round(performance.now() - t0),
    rssBeforeMb: MB(rssBefore),
    rssPeakMb: MB(peak),
    rssDeltaMb: MB(peak - rssBefore),
    maxRssMb: MB(process.resourceUsage().maxRSS * 1024),
  };
}

const sized: Sized[] = [];
try {
  const built: Array<{ seedMs: number; rollup: Awaited<ReturnType<typeof rollups>> }> = [];
  for (const [i, size] of SIZES.entries()) {
    const s = await openSized(size, URLS[i]);
    sized.push(s);
    process.stderr.write(`== ${size.toLocaleString('en')} vends: seeding ...\n`);
    await setup(s);
    const t0 = performance.now();
    await seed(s, 1, size);
    const seedMs = Math.round(performance.now() - t0);
    const r = await rollups(s);
    process.stderr.write(
      `   seeded in ${(seedMs / 1000).toFixed(1)} s; roll-ups: ${r.days} days in ${(r.ms / 1000).toFixed(1)} s, mismatches ${r.mismatches.length}\n`,
    );
    built.push({ seedMs, rollup: r });
  }
  process.stderr.write('== measuring, the sizes in turn ...\n');
  const prepared = [];
  for (const s of sized) prepared.push(await readsOf(s));
  const results: Array<Record<string, Figures>> = sized.map(() => ({}));
  for (const name of Object.keys(prepared[0].reads)) {
    const figures = await timeSizes(prepared.map((p) => p.reads[name]));
    figures.forEach((f, i) => {
      results[i][name] = f;
    });
  }
  for (const [i, s] of sized.entries()) {
    process.stderr.write(
      `== ${s.total.toLocaleString('en')} vends: exporting the admin vending history ...\n`,
    );
    const exported = await exportRun(s);
    console.log(
      JSON.stringify({ ...prepared[i].figures, results: results[i], ...built[i], export: exported }),
    );
  }
} finally {
  for (const s of sized) await s.handle.close();
}

// The histories page by keyset (issue 34): vending, funding, auto top-up runs and the audit
// trail, each in both areas. Walking by cursor, jumping by page number, rows arriving between
// reads, a bad cursor, another client's cursor, and the estimated total past the count bound.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSubscriber, autoTopupClient, type Client } from '../../modules/auto-topup/auto-topup.testing';
import { buildRollups } from '../../modules/reports';
import { apiKeyFor, apiVend } from '../../modules/vending/vending.testing';
import { createAdmin, type TestUser } from '../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../test/harness';
import {
  decodeCursor,
  encodeCursor,
  type Key,
  keysetPaged,
  setCountBoundForTests,
  setNearTopForTests,
} from './keyset';
import { rowsOf } from './sql';

let t: TestApp;
let admin: TestUser;
let corp: Client;
let other: Client;
const api = apiAs(() => t);
const db = () => t.app.ctx.db;

/** `n` copies of a row (FK checks off for the copies' made-up transfer ids), columns overridden by SQL. */
async function cloneRows(table: string, templateId: string, n: number, over: Record<string, string>) {
  const cols = (
    await rowsOf<{ column_name: string }>(
      db(),
      sql`select column_name from information_schema.columns
           where table_name = ${table} and table_schema = current_schema() and is_generated = 'NEVER'
           order by ordinal_position`,
    )
  ).map((c) => c.column_name);
  const exprs = cols.map((c) => over[c] ?? `t."${c}"`);
  await db().transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql.raw(`insert into ${table} (${cols.map((c) => `"${c}"`).join(', ')})
               select ${exprs.join(', ')} from ${table} t cross join generate_series(1, ${n}) i
                where t.id = '${templateId}'`),
    );
  });
}

/** A time `i` steps back from `base`: three rows share each second, one in four has microseconds. */
const stepBack = (base: string) =>
  `'${base}'::timestamptz - (i / 3) * interval '1 second' + case when i % 4 = 0 then interval '700 microseconds' else interval '0' end`;

let seedNo = 0;
let future = 0;
interface History {
  name: string;
  /** The list's URL for a user (query string appended by the test). */
  url: (c: Client) => string;
  as: (c: Client) => TestUser;
  /** Adds `n` rows for a client, older than `base` (or newer, counting up from it). */
  seed: (c: Client, n: number, base: string) => Promise<void>;
  /** Every id the list shows for the client, in its order. */
  expected: (c: Client) => Promise<string[]>;
  /** Its total comes from the roll-ups (ctx.reads.vendTotal): exact past the count bound too. */
  rolledUp?: boolean;
}

async function templateVend(c: Client): Promise<string> {
  const key = await apiKeyFor(t.app, c.corporateId);
  const res = await apiVend(t.app, key, { amount: '100' });
  expect(res.statusCode).toBe(200);
  return res.json().data.id;
}
const vendTemplates = new Map<string, string>();

const vending = (area: 'CORPORATE' | 'ADMIN'): History => ({
  name: `vending history (${area === 'ADMIN' ? 'admin' : 'client'})`,
  url: (c) =>
    area === 'ADMIN'
      ? `corporates-transactions/vending?corporateId=${c.corporateId}&`
      : 'transactions/vending?',
  as: (c) => (area === 'ADMIN' ? admin : c),
  seed: async (c, n, base) => {
    let tpl = vendTemplates.get(c.corporateId);
    if (!tpl) {
      tpl = await templateVend(c);
      vendTemplates.set(c.corporateId, tpl);
    }
    const s = ++seedNo;
    await cloneRows('vends', tpl, n, {
      id: 'gen_random_uuid()',
      code: `'VND-K${s}-' || i`,
      reference: `'keyset-${s}-' || i`,
      request_hash: `md5('${s}-' || i)`,
      debit_transfer_id: 'gen_random_uuid()',
      created_at: stepBack(base),
    });
    // The copies skip the triggers: their days marked for the roll-ups as the insert trigger would.
    await db().execute(sql`
      insert into vend_rollup_days (day, dirty)
      select distinct (created_at at time zone 'Africa/Lagos')::date, true from vends
       where code like ${`VND-K${s}-%`} and created_at < now() - interval '2 minutes'
      on conflict (day) do update set dirty = true`);
  },
  expected: async (c) =>
    (
      await rowsOf<{ id: string }>(
        db(),
        sql`select id from vends where corporate_id = ${c.corporateId} and mode = 'LIVE' order by created_at desc, id desc`,
      )
    ).map((r) => r.id),
  rolledUp: true,
});

const funding = (area: 'CORPORATE' | 'ADMIN'): History => ({
  name: `funding history (${area === 'ADMIN' ? 'admin' : 'client'})`,
  url: (c) =>
    area === 'ADMIN'
      ? `corporates-transactions/funding?corporateId=${c.corporateId}&`
      : 'transactions/funding?',
  as: (c) => (area === 'ADMIN' ? admin : c),
  seed: async (c, n, base) => {
    const s = ++seedNo;
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql.raw(`insert into admin_fundings (code, corporate_id, kind, amount_kobo, reason, request_key, actor_id, transfer_id, created_at)
                 select 'AF-K${s}-' || i, '${c.corporateId}', 'FUND', 100 * i, 'keyset test', 'keyset-${s}-' || i,
                        gen_random_uuid(), gen_random_uuid(), ${stepBack(base)}
                   from generate_series(1, ${n}) i`),
      );
    });
  },
  expected: async (c) =>
    (
      await rowsOf<{ id: string }>(
        db(),
        sql`select id from (
              select id, created_at from fund_requests where corporate_id = ${c.corporateId}
              union all select id, created_at from card_payments where corporate_id = ${c.corporateId}
              union all select id, created_at from auto_transfers where corporate_id = ${c.corporateId}
              union all select id, created_at from admin_fundings where corporate_id = ${c.corporateId}
            ) f order by created_at desc, id desc`,
      )
    ).map((r) => r.id),
});

const subscribers = new Map<string, string>();
const runs = (area: 'CORPORATE' | 'ADMIN'): History => ({
  name: `auto top-up runs (${area === 'ADMIN' ? 'admin' : 'client'})`,
  url: (c) => (area === 'ADMIN' ? `auto-top-up/${c.corporateId}/runs?` : 'auto-topup/runs?'),
  as: (c) => (area === 'ADMIN' ? admin : c),
  seed: async (c, n, base) => {
    let sub = subscribers.get(c.corporateId);
    if (!sub) {
      sub = (await addSubscriber(t.app, c)).id;
      subscribers.set(c.corporateId, sub);
    }
    const s = ++seedNo;
    // Due times are unique per subscriber and trigger: one a second, one in four with microseconds.
    await db().execute(
      sql.raw(`insert into auto_topup_runs (corporate_id, subscriber_id, due_at, trigger, reference, msisdn, network,
                                            service_type, amount_kobo, status, retry_at)
               select '${c.corporateId}', '${sub}',
                      '${base}'::timestamptz - i * interval '1 second' - ${s} * interval '1 millisecond'
                        + case when i % 4 = 0 then interval '700 microseconds' else interval '0' end,
                      'SCHEDULE', 'ATU-K${s}-' || i, '+2348030000001', 'MTN', 'AIRTIME', 10000, 'SKIPPED', now()
                 from generate_series(1, ${n}) i`),
    );
  },
  expected: async (c) =>
    (
      await rowsOf<{ id: string }>(
        db(),
        sql`select id from auto_topup_runs where corporate_id = ${c.corporateId} order by due_at desc, id desc`,
      )
    ).map((r) => r.id),
});

const audit = (area: 'CORPORATE' | 'ADMIN'): History => ({
  name: `audit trail (${area === 'ADMIN' ? 'admin' : 'client'})`,
  url: (c) => (area === 'ADMIN' ? `audit-trails?corporateId=${c.corporateId}&` : 'audit-trails?'),
  as: (c) => (area === 'ADMIN' ? admin : c),
  seed: async (c, n, base) => {
    const s = ++seedNo;
    await db().execute(
      sql.raw(`insert into audit_logs (actor_email, actor_role, area, corporate_id, action, summary, created_at)
               select 'keyset@example.com', 'Owner', 'CORPORATE', '${c.corporateId}', 'keyset.test${s}', '{}'::jsonb,
                      ${stepBack(base)}
                 from generate_series(1, ${n}) i`),
    );
  },
  expected: async (c) =>
    (
      await rowsOf<{ id: string }>(
        db(),
        area === 'ADMIN'
          ? sql`select id from audit_logs where corporate_id = ${c.corporateId} order by created_at desc, id desc`
          : sql`select id from audit_logs where corporate_id = ${c.corporateId} and area = 'CORPORATE'
                 order by created_at desc, id desc`,
      )
    ).map((r) => r.id),
});

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  corp = await autoTopupClient(t.app, 50_000_000);
  other = await autoTopupClient(t.app, 50_000_000);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

interface PageBody {
  data: Array<{ id: string }>;
  currentPage: number;
  lastPage: number;
  hasMorePages: boolean;
  total: number;
  nextCursor: string | null;
  prevCursor: string | null;
  totalIsEstimate: boolean;
}

describe('[KEYSET] a cursor is opaque and checked strictly', () => {
  it('[KEYSET] a cursor round-trips its key and direction; anything else is refused', () => {
    const key = { t: '2026-11-27T10:00:00.123456Z', id: '0193a1c2-0000-7000-8000-000000000001' };
    expect(decodeCursor(encodeCursor(key, 'prev'))).toEqual({ key, d: 'prev' });
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const bad of [
      'not a cursor!',
      enc([1, 2]),
      enc({ t: key.t, id: key.id }),
      enc({ ...key, d: 'sideways' }),
      enc({ ...key, d: 'next', extra: 1 }),
      enc({ t: '2026-11-27 10:00:00', id: key.id, d: 'next' }),
      enc({ t: key.t, id: "1' or 1=1", d: 'next' }),
      Buffer.from('{"t":').toString('base64url'),
    ]) {
      expect(() => decodeCursor(bad), bad).toThrow(/cursor is not valid/);
    }
  });
});

describe('[KEYSET] the total', () => {
  const fake = (estimate: number, count: number, counted: number[]) => ({
    rows: async () => [] as Key[],
    keyAt: () => sql`select null, null`,
    keyOf: (k: Key) => k,
    count: async (bound: number) => {
      counted.push(bound);
      return Math.min(count, bound);
    },
    estimate: async () => estimate,
  });

  it('[KEYSET] a list the planner puts far past the bound is not counted; one near it is, and exact below it', async () => {
    const counted: number[] = [];
    const far = await keysetPaged({ page: 1, limit: 40 }, fake(2_000_000, 2_000_000, counted));
    expect(far).toMatchObject({ total: 2_000_000, totalIsEstimate: true });
    expect(counted).toEqual([]);
    const near = await keysetPaged({ page: 1, limit: 40 }, fake(30_000, 12_000, counted));
    expect(near).toMatchObject({ total: 30_000, totalIsEstimate: true });
    expect(counted).toEqual([10_001]);
    const below = await keysetPaged({ page: 1, limit: 40 }, fake(30_000, 9_000, counted));
    expect(below).toMatchObject({ total: 9_000, totalIsEstimate: false });
    // An estimate under the bound for a list past it: at least the bound, still marked.
    const under = await keysetPaged({ page: 1, limit: 40 }, fake(500, 50_000, counted));
    expect(under).toMatchObject({ total: 10_001, totalIsEstimate: true });
  });

  it('[KEYSET] a list with an exact total from elsewhere (the roll-ups) is neither counted nor estimated', async () => {
    const counted: number[] = [];
    let estimated = 0;
    const withExact = (exact: number | null) => ({
      ...fake(2_000_000, 2_000_000, counted),
      estimate: async () => {
        estimated += 1;
        return 2_000_000;
      },
      exactTotal: async () => exact,
    });
    const exact = await keysetPaged({ page: 1, limit: 40 }, withExact(1_234_567));
    expect(exact).toMatchObject({ total: 1_234_567, totalIsEstimate: false });
    expect([counted, estimated]).toEqual([[], 0]);
    // None to be had (a filter the roll-ups do not hold): the estimate, marked.
    const none = await keysetPaged({ page: 1, limit: 40 }, withExact(null));
    expect(none).toMatchObject({ total: 2_000_000, totalIsEstimate: true });
    expect(estimated).toBe(1);
  });
});

for (const h of [
  vending('CORPORATE'),
  vending('ADMIN'),
  funding('CORPORATE'),
  funding('ADMIN'),
  runs('CORPORATE'),
  runs('ADMIN'),
  audit('CORPORATE'),
  audit('ADMIN'),
]) {
  describe(`[KEYSET] ${h.name}`, () => {
    const read = async (c: Client, query: string): Promise<PageBody> => {
      const res = await api('GET', `${h.url(c)}limit=40&${query}`, h.as(c));
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const ids = (p: PageBody) => p.data.map((r) => r.id);

    it('[KEYSET] Next and Previous by cursor walk every row once, and rows arriving at the top shift nothing', async () => {
      const base = new Date(Date.now() - 3_600_000).toISOString();
      await h.seed(corp, 95, base);
      await h.seed(other, 45, base);
      const before = await h.expected(corp);
      expect(before.length).toBeGreaterThan(80);

      const p1 = await read(corp, 'page=1');
      expect(ids(p1)).toEqual(before.slice(0, 40));
      expect(p1).toMatchObject({
        currentPage: 1,
        prevCursor: null,
        totalIsEstimate: false,
        total: before.length,
      });
      expect(p1.lastPage).toBe(Math.ceil(before.length / 40));

      // New rows at the top between two reads do not shift page 2.
      // Each describe's new rows are newer than any seeded before (days ahead, one more each time).
      await h.seed(corp, 5, new Date(Date.now() + 86_400_000 * ++future).toISOString());
      const p2 = await read(corp, `page=2&cursor=${p1.nextCursor}`);
      expect(ids(p2)).toEqual(before.slice(40, 80));
      expect(p2.prevCursor).not.toBeNull();
      const p3 = await read(corp, `page=3&cursor=${p2.nextCursor}`);
      expect(ids(p3)).toEqual(before.slice(80, 120));
      if (before.length <= 120) {
        expect(p3).toMatchObject({ hasMorePages: false, nextCursor: null });
      }
      // Previous from page 3 gives page 2 again, and from page 2 the page 1 that was read.
      const back2 = await read(corp, `page=2&cursor=${p3.prevCursor}`);
      expect(ids(back2)).toEqual(ids(p2));
      expect(back2.hasMorePages).toBe(true);
      const back1 = await read(corp, `page=1&cursor=${back2.prevCursor}`);
      expect(ids(back1)).toEqual(before.slice(0, 40));
      // Page 1 without a cursor reads from the top: the new rows first.
      const top = await read(corp, 'page=1');
      const now = await h.expected(corp);
      expect(now.length).toBe(before.length + 5);
      expect(ids(top)).toEqual(now.slice(0, 40));
    });

    it('[KEYSET] a page by its number alone is the page walking there reaches (from the top and from the end)', async () => {
      const all = await h.expected(corp);
      const pages: string[][] = [];
      let cursor: string | null = null;
      for (let n = 1; n <= Math.ceil(all.length / 40); n++) {
        const p: PageBody = await read(corp, `page=${n}${cursor ? `&cursor=${cursor}` : ''}`);
        pages.push(ids(p));
        cursor = p.nextCursor;
      }
      expect(pages.flat()).toEqual(all);
      expect(cursor).toBeNull();
      // Read from the top beside the total (every page here is near the top), and with none near
      // it: after the total, from the nearer end.
      for (const nearTop of [2_000, 0]) {
        const was = setNearTopForTests(nearTop);
        try {
          for (let n = 1; n <= pages.length; n++) {
            const jumped = await read(corp, `page=${n}`);
            expect(ids(jumped), `page ${n}, near top ${nearTop}`).toEqual(pages[n - 1]);
            expect(jumped.hasMorePages).toBe(n < pages.length);
            expect(jumped.prevCursor === null).toBe(n === 1);
          }
          // Previous from the last page reached by its number.
          const last = await read(corp, `page=${pages.length}`);
          const beforeLast = await read(corp, `page=${pages.length - 1}&cursor=${last.prevCursor}`);
          expect(ids(beforeLast)).toEqual(pages[pages.length - 2]);
          // Past the end: an empty page, not an error.
          const past = await read(corp, `page=${pages.length + 3}`);
          expect(past.data).toEqual([]);
          expect(past.hasMorePages).toBe(false);
        } finally {
          setNearTopForTests(was);
        }
      }
    });

    it('[KEYSET] a bad cursor is a 400 in the envelope, never a 500', async () => {
      for (const bad of [
        '%%%',
        'eyJ0IjoxfQ',
        Buffer.from('{"t":"x","id":"y","d":"next"}').toString('base64url'),
        'a'.repeat(500),
      ]) {
        const res = await api('GET', `${h.url(corp)}page=2&cursor=${encodeURIComponent(bad)}`, h.as(corp));
        expect(res.statusCode, bad).toBe(400);
        expect(res.json()).toMatchObject({
          success: false,
          message: expect.stringMatching(/cursor is not valid/),
        });
      }
    });

    it("[KEYSET] another client's cursor reveals none of that client's rows", async () => {
      const mine = new Set(await h.expected(corp));
      const theirs = await read(other, 'page=1');
      expect(theirs.nextCursor).not.toBeNull();
      for (const cursor of [
        theirs.nextCursor,
        theirs.prevCursor ?? encodeCursor(decodeCursor(theirs.nextCursor!).key, 'prev'),
      ]) {
        const p = await read(corp, `page=2&cursor=${cursor}`);
        for (const id of ids(p)) expect(mine.has(id)).toBe(true);
      }
    });

    it(`[KEYSET] past the count bound the total is ${h.rolledUp ? 'exact (the roll-ups), else' : ''} an estimate, marked as such`, async () => {
      const was = setCountBoundForTests(50);
      try {
        const all = await h.expected(corp);
        if (h.rolledUp) {
          // Every row counted from the roll-ups once built, however many (the vends they do not
          // hold yet, at most the bound: the newest, days ahead); a filter they do not hold (a
          // search) is counted up to the bound and estimated past it.
          await buildRollups(t.app.ctx.db);
          const exact = await read(corp, 'page=1');
          expect(exact).toMatchObject({ total: all.length, totalIsEstimate: false });
          expect(all.length).toBeGreaterThan(50);
        }
        const searched = h.rolledUp ? 'search=keyset-&' : '';
        const p = await read(corp, `${searched}page=1`);
        expect(p.totalIsEstimate).toBe(true);
        expect(p.total).toBeGreaterThan(50);
        expect(p.lastPage).toBe(Math.max(2, Math.ceil(p.total / 40)));
        // Walking by cursor still reaches every row, whatever the estimate says.
        const listed = h.rolledUp ? all.filter((id) => id !== vendTemplates.get(corp.corporateId)) : all;
        const seen: string[] = ids(p);
        let page = p;
        while (page.nextCursor) {
          page = await read(corp, `${searched}page=${page.currentPage + 1}&cursor=${page.nextCursor}`);
          seen.push(...ids(page));
        }
        expect(seen).toEqual(listed);
      } finally {
        setCountBoundForTests(was);
      }
      const exact = await read(corp, 'page=1');
      expect(exact.totalIsEstimate).toBe(false);
    });
  });
}

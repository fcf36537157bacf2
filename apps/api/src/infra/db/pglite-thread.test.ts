// The embedded database on its own thread behaves as PGlite in-process does: results, errors with
// their PostgreSQL fields, transactions that commit or roll back as one, nothing running inside an
// open transaction but its own statements, and Drizzle on top of it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDb } from './client';
import { PGliteThread } from './pglite-thread';
import { isUniqueViolation, pgErrorCode } from './sql';

describe('[PGLITE-THREAD] the embedded database on a thread of its own', () => {
  let db: PGliteThread;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'vp-pglite-thread-'));
    db = await PGliteThread.create(path.join(dir, 'db'));
    await db.exec(
      'create table t (id int primary key, n bigint not null, at timestamptz not null default now())',
    );
  });
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers statements with their rows and parameters', async () => {
    await db.query('insert into t (id, n) values ($1, $2), ($3, $4)', [1, 10, 2, 20]);
    const r = await db.query<{ id: number; n: string }>('select id, n::text from t order by id');
    expect(r.rows).toEqual([
      { id: 1, n: '10' },
      { id: 2, n: '20' },
    ]);
  });

  it('hands back the database error with its code and constraint', async () => {
    const err = await db.query('insert into t (id, n) values (1, 0)').catch((e) => e);
    expect(pgErrorCode(err)).toBe('23505');
    expect(isUniqueViolation(err, 't_pkey')).toBe(true);
    expect(String(err.message)).toContain('duplicate key');
  });

  it('commits a transaction as one, and rolls it back as one when it throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into t (id, n) values (3, 30)');
      await tx.query('update t set n = n + 1 where id = 1');
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t (id, n) values (4, 40)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const r = await db.query<{ id: number; n: string }>('select id, n::text from t order by id');
    expect(r.rows.map((x) => [x.id, x.n])).toEqual([
      [1, '11'],
      [2, '20'],
      [3, '30'],
    ]);
  });

  it('runs a statement sent outside an open transaction only once it has ended', async () => {
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = db.transaction(async (t) => {
      await t.query('update t set n = 100 where id = 2');
      order.push('tx wrote');
      await held;
      order.push('tx ends');
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = db.query<{ n: string }>('select n::text from t where id = 2').then((r) => {
      order.push('outside read');
      return r.rows[0].n;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(order).toEqual(['tx wrote']);
    release();
    await tx;
    expect(await outside).toBe('100');
    expect(order).toEqual(['tx wrote', 'tx ends', 'outside read']);
  });

  it('a failed statement inside a transaction fails it; the database goes on', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t (id, n) values (5, 50)');
        await tx.query('insert into t (id, n) values (5, 50)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const r = await db.query<{ c: number }>('select count(*)::int as c from t where id = 5');
    expect(r.rows[0].c).toBe(0);
  });
});

describe('[PGLITE-THREAD] a thread that stops', () => {
  it('fails what waits, refuses what comes, and tells its listener once; close() is not a loss', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vp-pglite-lost-'));
    try {
      const a = await PGliteThread.create(path.join(dir, 'a'));
      const lost: Error[] = [];
      a.onLost((err) => lost.push(err));
      const worker = (a as unknown as { worker: { terminate(): Promise<number> } }).worker;
      const pending = a.query('select pg_sleep(0.2)');
      await worker.terminate();
      await expect(pending).rejects.toThrow('the database thread stopped');
      await expect(a.query('select 1')).rejects.toThrow('the database thread stopped');
      expect(lost).toHaveLength(1);

      const b = await PGliteThread.create(path.join(dir, 'b'));
      const told: Error[] = [];
      b.onLost((err) => told.push(err));
      await b.close();
      expect(told).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Two new database directories (initdb each): over 30 s on a loaded two-core machine.
  }, 120_000);
});

describe('[PGLITE-THREAD] the app on a database directory', () => {
  let handle: DbHandle;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'vp-pglite-app-'));
    handle = await openDb({ pgliteDir: path.join(dir, 'pglite') });
  });
  afterAll(async () => {
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('Drizzle reads timestamps as the app expects and runs its transactions there', async () => {
    await handle.query('create table d (id int primary key, at timestamptz not null)');
    const at = new Date('2026-11-25T10:00:00.000Z');
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into d values (1, ${at.toISOString()})`);
    });
    // Drizzle's parsers keep timestamps as PostgreSQL's text, as on the in-process database.
    const res = (await handle.db.execute(sql`select id, at from d`)) as unknown as {
      rows: Array<{ id: number; at: unknown }>;
    };
    expect(res.rows).toHaveLength(1);
    expect(typeof res.rows[0].at).toBe('string');
    expect(new Date(String(res.rows[0].at)).toISOString()).toBe(at.toISOString());
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into d values (2, now())`);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await handle.query('select id from d')).toEqual([{ id: 1 }]);
  });
});

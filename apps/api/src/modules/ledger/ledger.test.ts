import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { walletFloorKobo } from '@vendport/shared';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../../books';
import { openDb } from '../../infra/db/client';
import { runMigrations } from '../../infra/db/migrate';
import { ledgerAccounts } from '../../infra/db/schema';
import { AppError } from '../../infra/errors';
import { createCorporate } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/harness';
import { changeCreditTerms } from '../clients/clients.service';
import {
  corporateBalances,
  ensureCorporateAccounts,
  ensureSystemAccounts,
  postTransfer,
  reverseTransfer,
  systemAccountId,
  type TransferInput,
  walletAccountId,
} from './ledger.service';
import { checkLedger } from './ledger-check';

let t: TestApp;
const db = () => t.app.ctx.db;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
const ref = (p: string) => `${p}:${Date.now()}:${++seq}`;

async function fund(corporateId: string, amountKobo: number, reference = ref('test-fund')) {
  return postTransfer(db(), {
    kind: 'ADJUSTMENT',
    reference,
    description: 'test funding',
    corporateId,
    entries: [
      { accountId: await walletAccountId(db(), corporateId), amountKobo },
      { accountId: await systemAccountId(db(), 'FUNDING_CLEARING'), amountKobo: -amountKobo },
    ],
  });
}

async function debit(corporateId: string, amountKobo: number, reference = ref('test-debit')) {
  return postTransfer(db(), {
    kind: 'VEND',
    reference,
    description: 'test debit',
    corporateId,
    entries: [
      { accountId: await walletAccountId(db(), corporateId), amountKobo: -amountKobo },
      { accountId: await systemAccountId(db(), 'PROVIDER_FLOAT'), amountKobo },
    ],
  });
}

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'OK',
    (e) => (e instanceof AppError ? e.code : `ERROR ${(e as Error).message}`),
  );

describe('[LEDGER] transfers', () => {
  it('[LEDGER] a transfer moves both balances and records balanced entries', async () => {
    const c = await createCorporate(t.app);
    const res = await fund(c.corporateId, 250_050);
    expect(res.created).toBe(true);
    expect(res.entries).toHaveLength(2);
    expect(res.entries.reduce((s, e) => s + e.amountKobo, 0)).toBe(0);
    const b = await corporateBalances(db(), c.corporateId);
    expect(b.walletKobo).toBe(250_050);
    expect(res.entries.find((e) => e.accountId === b.walletAccountId)?.balanceAfterKobo).toBe(250_050);
  });

  it('[LEDGER] entries that do not sum to zero, repeat an account or are zero are refused', async () => {
    const c = await createCorporate(t.app);
    const w = await walletAccountId(db(), c.corporateId);
    const f = await systemAccountId(db(), 'FUNDING_CLEARING');
    const base = { kind: 'ADJUSTMENT', description: 'bad', corporateId: c.corporateId };
    await expect(
      postTransfer(db(), {
        ...base,
        reference: ref('bad'),
        entries: [
          { accountId: w, amountKobo: 100 },
          { accountId: f, amountKobo: -99 },
        ],
      }),
    ).rejects.toThrow(/sum/);
    await expect(
      postTransfer(db(), {
        ...base,
        reference: ref('bad'),
        entries: [
          { accountId: w, amountKobo: 100 },
          { accountId: w, amountKobo: -100 },
        ],
      }),
    ).rejects.toThrow(/one entry per account/);
    await expect(
      postTransfer(db(), {
        ...base,
        reference: ref('bad'),
        entries: [
          { accountId: w, amountKobo: 0 },
          { accountId: f, amountKobo: 0 },
        ],
      }),
    ).rejects.toThrow(/non-zero/);
    await expect(
      postTransfer(db(), {
        ...base,
        reference: ref('bad'),
        entries: [
          { accountId: w, amountKobo: 1.5 },
          { accountId: f, amountKobo: -1.5 },
        ],
      }),
    ).rejects.toThrow(/integer/);
    expect((await corporateBalances(db(), c.corporateId)).walletKobo).toBe(0);
  });

  it('[LEDGER] a repeated reference is applied once; the same reference with other content is a DUPLICATE_REFERENCE', async () => {
    const c = await createCorporate(t.app);
    const reference = ref('dup');
    const first = await fund(c.corporateId, 10_000, reference);
    const again = await fund(c.corporateId, 10_000, reference);
    expect(again.created).toBe(false);
    expect(again.transfer.id).toBe(first.transfer.id);
    expect(await code(fund(c.corporateId, 20_000, reference))).toBe('DUPLICATE_REFERENCE');
    expect((await corporateBalances(db(), c.corporateId)).walletKobo).toBe(10_000);
  });

  it('[LEDGER] a PREPAID wallet is never debited below zero', async () => {
    const c = await createCorporate(t.app, { clientType: 'PREPAID' });
    await fund(c.corporateId, 1_000);
    expect(await code(debit(c.corporateId, 1_001))).toBe('INSUFFICIENT_FUNDS');
    expect(await code(debit(c.corporateId, 1_000))).toBe('OK');
    expect(await code(debit(c.corporateId, 1))).toBe('INSUFFICIENT_FUNDS');
    expect((await corporateBalances(db(), c.corporateId)).walletKobo).toBe(0);
  });

  it('[LEDGER] POSTPAID and POSTPAID_PLUS wallets spend the prepaid balance, then the line down to -creditLimit', async () => {
    for (const clientType of ['POSTPAID', 'POSTPAID_PLUS'] as const) {
      const c = await createCorporate(t.app, { clientType });
      await changeCreditTerms(db(), c.corporateId, { creditLimitKobo: 5_000 });
      await fund(c.corporateId, 2_000);
      expect(await code(debit(c.corporateId, 7_001))).toBe('INSUFFICIENT_FUNDS');
      expect(await code(debit(c.corporateId, 6_000))).toBe('OK');
      expect(await code(debit(c.corporateId, 1_001))).toBe('INSUFFICIENT_FUNDS');
      expect(await code(debit(c.corporateId, 1_000))).toBe('OK');
      expect((await corporateBalances(db(), c.corporateId)).walletKobo).toBe(-5_000);
    }
  });

  it('[LEDGER] a failed debit leaves no transfer and no entry behind', async () => {
    const c = await createCorporate(t.app);
    const reference = ref('failed');
    expect(await code(debit(c.corporateId, 500, reference))).toBe('INSUFFICIENT_FUNDS');
    const rows = await t.app.ctx.dbHandle.query('select id from ledger_transfers where reference = $1', [
      reference,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('[LEDGER] a transfer is reversed at most once, and a reversal is not reversible', async () => {
    const c = await createCorporate(t.app);
    await fund(c.corporateId, 5_000);
    const d = await debit(c.corporateId, 3_000);
    const r = await db().transaction((tx) =>
      reverseTransfer(tx, { transferId: d.transfer.id, description: 'refund' }),
    );
    expect(r.created).toBe(true);
    expect((await corporateBalances(db(), c.corporateId)).walletKobo).toBe(5_000);
    const again = await db().transaction((tx) =>
      reverseTransfer(tx, { transferId: d.transfer.id, description: 'refund' }),
    );
    expect(again.created).toBe(false);
    expect(
      await code(
        db().transaction((tx) =>
          reverseTransfer(tx, { transferId: d.transfer.id, description: 'x', reference: ref('other') }),
        ),
      ),
    ).toBe('CONFLICT');
    expect(
      await code(
        db().transaction((tx) => reverseTransfer(tx, { transferId: r.transfer.id, description: 'x' })),
      ),
    ).toBe('CONFLICT');
    expect((await corporateBalances(db(), c.corporateId)).walletKobo).toBe(5_000);
  });

  it('[LEDGER] the database refuses to change or delete entries and transfers', async () => {
    const c = await createCorporate(t.app);
    const f = await fund(c.corporateId, 700);
    await expect(
      t.app.ctx.dbHandle.query('update ledger_entries set amount_kobo = 1 where transfer_id = $1', [
        f.transfer.id,
      ]),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.app.ctx.dbHandle.query('delete from ledger_entries where transfer_id = $1', [f.transfer.id]),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.app.ctx.dbHandle.query('delete from ledger_transfers where id = $1', [f.transfer.id]),
    ).rejects.toThrow(/append-only/);
  });

  it('[LEDGER] the database refuses an unbalanced transfer when its transaction commits', async () => {
    const c = await createCorporate(t.app);
    const w = await walletAccountId(db(), c.corporateId);
    const attempt = db().transaction(async (tx) => {
      const [tr] = await tx
        .execute(
          sql`insert into ledger_transfers (reference, kind, description) values (${ref('raw')}, 'ADJUSTMENT', 'raw') returning id`,
        )
        .then((r) => (r as unknown as { rows: Array<{ id: string }> }).rows);
      await tx.execute(
        sql`insert into ledger_entries (transfer_id, account_id, amount_kobo, balance_after_kobo) values (${tr.id}, ${w}, 100, 100)`,
      );
    });
    // Drizzle wraps the driver's error (on node-postgres, as "Failed query: commit"); read the chain.
    const err = await attempt.then(
      () => null,
      (e: unknown) => e,
    );
    const chain: string[] = [];
    for (let e = err as { message?: string; cause?: unknown } | null; e; e = e.cause as typeof e)
      chain.push(String(e.message));
    expect(chain.join(' | ')).toMatch(/does not balance/);
  });

  it('[LEDGER] checkLedger sees a balance changed behind the ledger’s back', async () => {
    const c = await createCorporate(t.app);
    await fund(c.corporateId, 1_000);
    const w = await walletAccountId(db(), c.corporateId);
    await db().update(ledgerAccounts).set({ balanceKobo: 1_500 }).where(eq(ledgerAccounts.id, w));
    try {
      const report = await checkLedger(db());
      expect(report.ok).toBe(false);
      const failing = report.checks.filter((x) => x.violations > 0).map((x) => x.name);
      expect(failing).toContain('the sum of all balances is zero');
      expect(failing).toContain("every account's balance equals the sum of its entries");
    } finally {
      await db().update(ledgerAccounts).set({ balanceKobo: 1_000 }).where(eq(ledgerAccounts.id, w));
    }
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it('[LEDGER] checkLedger sees a wallet below its floor after a limit cut made behind the service’s back', async () => {
    const c = await createCorporate(t.app, { clientType: 'POSTPAID' });
    await changeCreditTerms(db(), c.corporateId, { creditLimitKobo: 10_000 });
    await debit(c.corporateId, 8_000);
    await t.app.ctx.dbHandle.query('update corporates set credit_limit_kobo = 1000 where id = $1', [
      c.corporateId,
    ]);
    try {
      const report = await checkLedger(db());
      expect(report.checks.find((x) => x.name === 'no wallet is below its floor')?.violations).toBe(1);
    } finally {
      await t.app.ctx.dbHandle.query('update corporates set credit_limit_kobo = 10000 where id = $1', [
        c.corporateId,
      ]);
    }
  });
});

describe('[LEDGER] credit terms', () => {
  it('[LEDGER] switching type or cutting the limit below what is used is refused and changes nothing', async () => {
    const c = await createCorporate(t.app, { clientType: 'POSTPAID' });
    await changeCreditTerms(db(), c.corporateId, { creditLimitKobo: 10_000 });
    await debit(c.corporateId, 6_000);
    expect(await code(changeCreditTerms(db(), c.corporateId, { clientType: 'PREPAID' }))).toBe('BAD_REQUEST');
    expect(await code(changeCreditTerms(db(), c.corporateId, { creditLimitKobo: 5_999 }))).toBe(
      'BAD_REQUEST',
    );
    expect(await code(changeCreditTerms(db(), c.corporateId, { creditLimitKobo: 6_000 }))).toBe('OK');
    expect(await code(changeCreditTerms(db(), c.corporateId, { clientType: 'POSTPAID_PLUS' }))).toBe('OK');
    const b = await corporateBalances(db(), c.corporateId);
    expect(b).toMatchObject({
      clientType: 'POSTPAID_PLUS',
      creditLimitKobo: 6_000,
      walletKobo: -6_000,
      floorKobo: -6_000,
    });
  });
});

describe('[LEDGER] floors kept on the accounts', () => {
  const floorOf = async (accountId: string) =>
    (
      await db()
        .select({ floor: ledgerAccounts.floorKobo })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, accountId))
    )[0].floor;

  it('[LEDGER] each account’s floor follows its kind and its client’s terms, however they change, and no other value can be written', async () => {
    const c = await createCorporate(t.app, { clientType: 'POSTPAID' });
    const ids = await ensureCorporateAccounts(db(), c.corporateId);
    await changeCreditTerms(db(), c.corporateId, { creditLimitKobo: 10_000 });
    expect(await floorOf(ids.wallet)).toBe(-10_000);
    expect(await floorOf(ids.sandboxWallet)).toBe(0);
    expect(await floorOf(ids.commission)).toBe(0);
    expect(await floorOf(await systemAccountId(db(), 'PROVIDER_FLOAT'))).toBeNull();
    await changeCreditTerms(db(), c.corporateId, { creditLimitKobo: 4_000 });
    expect(await floorOf(ids.wallet)).toBe(-4_000);
    await changeCreditTerms(db(), c.corporateId, { clientType: 'PREPAID' });
    expect(await floorOf(ids.wallet)).toBe(0);

    // Another value written is replaced by the rule's: it cannot let a debit through.
    await db().update(ledgerAccounts).set({ floorKobo: -1_000_000 }).where(eq(ledgerAccounts.id, ids.wallet));
    expect(await floorOf(ids.wallet)).toBe(0);
    expect(await code(debit(c.corporateId, 1))).toBe('INSUFFICIENT_FUNDS');

    // Terms changed outside the service move the floor too, and the debits follow it.
    await t.app.ctx.dbHandle.query(
      "update corporates set client_type = 'POSTPAID', credit_limit_kobo = 2000 where id = $1",
      [c.corporateId],
    );
    expect(await floorOf(ids.wallet)).toBe(-2_000);
    expect(await code(debit(c.corporateId, 2_001))).toBe('INSUFFICIENT_FUNDS');
    expect(await code(debit(c.corporateId, 2_000))).toBe('OK');
    expect(await corporateBalances(db(), c.corporateId)).toMatchObject({
      walletKobo: -2_000,
      floorKobo: -2_000,
    });
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it('[LEDGER] checkLedger sees a floor that does not follow the client’s terms', async () => {
    const name = "every account's floor follows its kind and its client's credit terms";
    const c = await createCorporate(t.app, { clientType: 'POSTPAID' });
    await changeCreditTerms(db(), c.corporateId, { creditLimitKobo: 3_000 });
    const w = await walletAccountId(db(), c.corporateId);
    expect((await checkLedger(db())).checks.find((x) => x.name === name)?.violations).toBe(0);
    // Only with the database's own rule turned off can it be wrong.
    await t.app.ctx.dbHandle.query('alter table ledger_accounts disable trigger ledger_accounts_floor');
    try {
      await db().update(ledgerAccounts).set({ floorKobo: -5_000 }).where(eq(ledgerAccounts.id, w));
      const report = await checkLedger(db());
      expect(report.ok).toBe(false);
      expect(report.checks.find((x) => x.name === name)).toMatchObject({ violations: 1, samples: [w] });
    } finally {
      await t.app.ctx.dbHandle.query('alter table ledger_accounts enable trigger ledger_accounts_floor');
      await db().update(ledgerAccounts).set({ floorKobo: null }).where(eq(ledgerAccounts.id, w));
    }
    expect(await floorOf(w)).toBe(-3_000);
    expect((await checkLedger(db())).ok).toBe(true);
  });
});

// Model-based property: random fundings, debits, reversals, replays, type switches and limit
// changes; the ledger must agree with a plain model and keep every invariant.
type Op =
  | { op: 'fund'; c: number; amount: number }
  | { op: 'debit'; c: number; amount: number }
  | { op: 'reverse'; pick: number }
  | { op: 'replay'; pick: number }
  | { op: 'switch'; c: number; to: 'PREPAID' | 'POSTPAID' | 'POSTPAID_PLUS' }
  | { op: 'limit'; c: number; limit: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      op: fc.constant('fund' as const),
      c: fc.nat(2),
      amount: fc.integer({ min: 1, max: 50_000 }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('debit' as const),
      c: fc.nat(2),
      amount: fc.integer({ min: 1, max: 60_000 }),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ op: fc.constant('reverse' as const), pick: fc.nat(1000) }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('replay' as const), pick: fc.nat(1000) }), weight: 1 },
  {
    arbitrary: fc.record({
      op: fc.constant('switch' as const),
      c: fc.nat(2),
      to: fc.constantFrom('PREPAID' as const, 'POSTPAID' as const, 'POSTPAID_PLUS' as const),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('limit' as const),
      c: fc.nat(2),
      limit: fc.integer({ min: 0, max: 80_000 }),
    }),
    weight: 1,
  },
);

describe('[LEDGER] property', () => {
  it('[LEDGER] any sequence of fundings, debits, reversals, replays, switches and limit changes keeps every invariant', async () => {
    const clearing = await systemAccountId(db(), 'FUNDING_CLEARING');
    const float = await systemAccountId(db(), 'PROVIDER_FLOAT');
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 30 }), async (ops) => {
        const corps = await Promise.all([0, 1, 2].map(() => createCorporate(t.app)));
        const ids = corps.map((c) => c.corporateId);
        const wallets = await Promise.all(
          ids.map((id) => ensureCorporateAccounts(db(), id).then((a) => a.wallet)),
        );
        const model = ids.map(() => ({ balance: 0, type: 'PREPAID' as string, limit: 0 }));
        const posted: Array<{
          input: TransferInput;
          c: number;
          walletDelta: number;
          id: string;
          reversed: boolean;
          isReversal: boolean;
        }> = [];
        const floor = (i: number) => walletFloorKobo(model[i].type, model[i].limit);

        for (const o of ops) {
          if (o.op === 'fund' || o.op === 'debit') {
            const delta = o.op === 'fund' ? o.amount : -o.amount;
            const input: TransferInput = {
              kind: o.op === 'fund' ? 'ADJUSTMENT' : 'VEND',
              reference: ref(`prop-${o.op}`),
              description: o.op,
              corporateId: ids[o.c],
              entries: [
                { accountId: wallets[o.c], amountKobo: delta },
                { accountId: o.op === 'fund' ? clearing : float, amountKobo: -delta },
              ],
            };
            const expectOk = model[o.c].balance + delta >= floor(o.c);
            const res = await postTransfer(db(), input).then(
              (r) => r,
              (e) => e as Error,
            );
            if (expectOk) {
              expect(res).not.toBeInstanceOf(Error);
              const r = res as Awaited<ReturnType<typeof postTransfer>>;
              model[o.c].balance += delta;
              posted.push({
                input,
                c: o.c,
                walletDelta: delta,
                id: r.transfer.id,
                reversed: false,
                isReversal: false,
              });
            } else {
              expect(res).toBeInstanceOf(AppError);
              expect((res as AppError).code).toBe('INSUFFICIENT_FUNDS');
            }
          } else if (o.op === 'reverse') {
            if (!posted.length) continue;
            const p = posted[o.pick % posted.length];
            const got = await code(
              db().transaction((tx) =>
                reverseTransfer(tx, { transferId: p.id, description: 'prop reversal' }),
              ),
            );
            if (p.isReversal) expect(got).toBe('CONFLICT');
            else if (p.reversed)
              expect(got).toBe('OK'); // the same reversal replayed: nothing applied
            else if (model[p.c].balance - p.walletDelta < floor(p.c)) expect(got).toBe('INSUFFICIENT_FUNDS');
            else {
              expect(got).toBe('OK');
              model[p.c].balance -= p.walletDelta;
              p.reversed = true;
              const [row] = await t.app.ctx.dbHandle.query<{ id: string }>(
                'select id from ledger_transfers where reverses_transfer_id = $1',
                [p.id],
              );
              posted.push({
                input: p.input,
                c: p.c,
                walletDelta: -p.walletDelta,
                id: row.id,
                reversed: false,
                isReversal: true,
              });
            }
          } else if (o.op === 'replay') {
            const originals = posted.filter((p) => !p.isReversal);
            if (!originals.length) continue;
            const p = originals[o.pick % originals.length];
            const r = await postTransfer(db(), p.input);
            expect(r.created).toBe(false);
          } else if (o.op === 'switch') {
            const m = model[o.c];
            const got = await code(changeCreditTerms(db(), ids[o.c], { clientType: o.to }));
            const ok = o.to !== m.type && m.balance >= walletFloorKobo(o.to, m.limit);
            expect(got).toBe(ok ? 'OK' : 'BAD_REQUEST');
            if (ok) m.type = o.to;
          } else {
            const m = model[o.c];
            const got = await code(changeCreditTerms(db(), ids[o.c], { creditLimitKobo: o.limit }));
            const ok = m.balance >= walletFloorKobo(m.type, o.limit);
            expect(got).toBe(ok ? 'OK' : 'BAD_REQUEST');
            if (ok) m.limit = o.limit;
          }
        }

        for (const [i, id] of ids.entries()) {
          const b = await corporateBalances(db(), id);
          expect(b.walletKobo).toBe(model[i].balance);
          expect(b.clientType).toBe(model[i].type);
          expect(b.walletKobo).toBeGreaterThanOrEqual(b.floorKobo);
        }
        const report = await checkLedger(db());
        expect(report.checks.filter((x) => x.violations > 0)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  }, 240_000);
});

describe('[LEDGER] ledger:check command', () => {
  const run = promisify(execFile);
  const cli = path.resolve(import.meta.dirname, '../../cli/ledger-check.ts');
  const tsx = path.resolve(import.meta.dirname, '../../../../../node_modules/.bin/tsx');

  it('[LEDGER] ledger:check prints every invariant and exits 0 on a consistent ledger, non-zero on a violation', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vp-ledger-check-'));
    try {
      const h = await openDb({ pgliteDir: path.join(dir, 'pglite') });
      await runMigrations(h);
      await ensureSystemAccounts(h.db);
      await h.close();
      const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', NODE_ENV: 'test' };
      const good = await run(tsx, [cli], { env });
      expect(good.stdout).toMatch(/the sum of all balances is zero: 0 violations/);
      expect(good.stdout).toMatch(/Ledger consistent/);

      const h2 = await openDb({ pgliteDir: path.join(dir, 'pglite') });
      await h2.query(`update ledger_accounts set balance_kobo = 5 where code = 'SYSTEM:FEE_INCOME'`);
      await h2.close();
      const bad = await run(tsx, [cli], { env }).then(
        () => null,
        (e: { code: number; stdout: string }) => e,
      );
      expect(bad?.code).toBe(1);
      expect(bad?.stdout).toMatch(/FAIL {2}the sum of all balances is zero: 1 violation/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('[LEDGER] end of suite', () => {
  it('[LEDGER] the books check (the ledger’s invariants and the owners’ over it) reports no violation', async () => {
    // The ledger's own invariants, then funding's and vending's over the ledger (checkBooks).
    expect((await checkLedger(db())).checks.length).toBeGreaterThanOrEqual(9);
    const report = await checkBooks(db());
    expect(report.checks.filter((x) => x.violations > 0)).toEqual([]);
    expect(report.checks.length).toBeGreaterThanOrEqual(16);
  });
});

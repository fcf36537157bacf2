// Issue 53 point 3: a statement names every movement by the code the client sees (FR-, VND-, CP-,
// BT-, AF-) and in its words, never by the ledger's reference or stored text. The class test walks
// every transfer kind the database accepts (its own check constraint, not a copy of the list).
import { randomBytes } from 'node:crypto';
import { parseCsv } from '@vendport/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createCorporate, type TestUser } from '../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../test/harness';
import { approve, cardPaymentReversed, createFundRequest, seedWallet } from '../funding/funding.fixtures';
import { postTransfer, systemAccountId, walletAccountId } from '../ledger/ledger.service';
import { STATEMENT_KINDS } from './statement-kinds';

let t: TestApp;
let admin: TestUser;
const api = apiAs(() => t);
const q = <T>(text: string, params: unknown[] = []) => t.app.ctx.dbHandle.query<T>(text, params);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
});
afterAll(() => t?.close());

/** The kinds the database lets the ledger write, read from the check it enforces. */
async function databaseKinds(): Promise<string[]> {
  const [row] = await q<{ def: string }>(
    `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'ledger_transfers_kind_known'`,
  );
  expect(row?.def, 'the ledger_transfers kind check is missing').toBeTruthy();
  return [...row!.def.matchAll(/'([A-Z0-9_]+)'/g)].map((m) => m[1]!);
}

/** Words no client should read: a provider, a ledger reference's prefix, an id. */
const INTERNAL = /vtpass|reloadly|simulator|[a-z]+(-[a-z]+)*:|[0-9a-f]{8}-[0-9a-f]{4}-|\b[A-Z]+_[A-Z_]+\b/i;

describe('[STATEMENT] every ledger kind reads as the client’s code', () => {
  it('[STATEMENT] every transfer kind the database accepts has a type, a code source and client words', async () => {
    const kinds = await databaseKinds();
    expect(kinds.length).toBeGreaterThan(10);
    for (const kind of kinds) {
      expect(Object.hasOwn(STATEMENT_KINDS, kind), `ledger kind ${kind} has no statement mapping`).toBe(true);
      const m = STATEMENT_KINDS[kind as keyof typeof STATEMENT_KINDS];
      expect(m.type, kind).not.toMatch(INTERNAL);
      expect(m.description, kind).not.toMatch(INTERNAL);
    }
    // A kind the database does not list cannot be written: the check is real.
    const wallet = await createCorporate(t.app);
    await expect(
      q(
        `insert into ledger_transfers (reference, kind, description, corporate_id) values ($1, 'NEW_KIND', 'x', $2)`,
        [`probe:${randomBytes(4).toString('hex')}`, wallet.corporateId],
      ),
    ).rejects.toThrow(/ledger_transfers_kind_known/);
  });

  it('[STATEMENT] card reversal, its recovery and an automatic bank transfer read as CP- and BT- codes in the CSV', async () => {
    const c = await createCorporate(t.app, { name: 'Reversed Card Ltd' });
    const card = await cardPaymentReversed(t.app, c, admin, '5,000');
    const cp = card.cp;
    await seedWallet(t.app, c.corporateId, -400_000); // spent: the reversal leaves a receivable
    const rev = await card.reverse();
    expect(rev.statusCode, rev.body).toBeLessThan(300);
    const fr = await createFundRequest(t.app, c, '6,000');
    expect((await approve(t.app, admin, fr.id)).statusCode).toBe(200); // recovers the receivable
    // An automatic transfer as dedicated-account.service.ts credits it (Paystack's reference in the key).
    const db = t.app.ctx.db;
    const paystackRef = `T${randomBytes(6).toString('hex')}`;
    const credit = await postTransfer(db, {
      kind: 'BANK_TRANSFER_AUTO',
      reference: `bank-transfer-auto:${paystackRef}`,
      description: `Bank transfer ${paystackRef}`,
      corporateId: c.corporateId,
      entries: [
        { accountId: await walletAccountId(db, c.corporateId), amountKobo: 100_000 },
        { accountId: await systemAccountId(db, 'FUNDING_CLEARING'), amountKobo: -100_000 },
      ],
    });
    const [acct] = await q<{ id: string }>(
      `insert into dedicated_accounts (corporate_id) values ($1) returning id`,
      [c.corporateId],
    );
    const bt = `BT-${randomBytes(6).toString('hex').toUpperCase()}`;
    await q(
      `insert into auto_transfers (code, reference, corporate_id, dedicated_account_id, amount_kobo, transfer_id)
       values ($1, $2, $3, $4, 100000, $5)`,
      [bt, paystackRef, c.corporateId, acct!.id, credit.transfer.id],
    );

    const today = new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
    const made = await api('POST', 'reconciliation/statements', c, { startDate: today, endDate: today });
    expect(made.statusCode, made.body).toBe(201);
    const csv = (await api('GET', `reconciliation/statements/${made.json().data.id}/download`, c)).body;
    const lines = parseCsv(csv)
      .slice(1)
      .filter((r) => r[2]);
    const byType = (type: string) => lines.filter((r) => r[2] === type).map((r) => r[1]);
    expect(byType('Card funding')).toEqual([cp]);
    expect(byType('Card payment reversed')).toEqual([cp]);
    expect(byType('Card reversal recovered')).toEqual([cp]);
    expect(byType('Bank transfer (automatic)')).toEqual([bt]);
    expect(byType('Bank funding')).toEqual([fr.code]);
    for (const r of lines) {
      expect(r[1], r.join(' | ')).toMatch(/^((FR|VND|CP|BT|AF)-[0-9A-Z]+)?$/);
      expect(r[3], r.join(' | ')).not.toMatch(INTERNAL);
    }
  });
});

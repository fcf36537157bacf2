// Reconciliation statements from the ledger: a seeded month with card funding (and its fee), a
// successful vend and a failed vend with its reversal; opening + credits − debits = closing; the
// period boundary is Lagos midnight; the job makes each period's statement once and emails it.
import { parseCsv } from '@vendport/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRow } from '../../infra/queue';
import { createAdmin, createCorporate, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../test/harness';
import { approve, createFundRequest } from '../funding/funding.fixtures';
import { gatewaySecretOf, signBody } from '../funding/gateway/signature';
import {
  apiKeyFor,
  apiVend,
  assignDefaults,
  balances,
  fund,
  prepaidBill,
  tvRenewal,
} from '../vending/vending.testing';
import { nextStatementsRunAt, statementsJob } from './reconciliation.jobs';
import { lastEndedPeriod } from './statement.service';

let t: TestApp;
let corp: TestUser & { corporateId: string };
let other: TestUser & { corporateId: string };
const api = apiAs(() => t);

/** Moves a transfer (its entries too) to another instant: the seeded month's history. Only a
 * test does this; the ledger's append-only triggers are off for the one statement. */
async function backdate(transferIds: string[], at: string) {
  const q = (sql: string, p: unknown[] = []) => t.app.ctx.dbHandle.query(sql, p);
  await q('alter table ledger_entries disable trigger ledger_entries_append_only');
  await q('alter table ledger_transfers disable trigger ledger_transfers_append_only');
  try {
    await q('update ledger_entries set created_at = $2 where transfer_id = any($1::uuid[])', [
      transferIds,
      at,
    ]);
    await q('update ledger_transfers set created_at = $2 where id = any($1::uuid[])', [transferIds, at]);
  } finally {
    await q('alter table ledger_entries enable trigger ledger_entries_append_only');
    await q('alter table ledger_transfers enable trigger ledger_transfers_append_only');
  }
}

async function walletTransfers(corporateId: string, since: string) {
  const rows = await t.app.ctx.dbHandle.query<{ id: string; kind: string; reference: string }>(
    `select t.id, t.kind, t.reference from ledger_transfers t
       join ledger_entries e on e.transfer_id = t.id
       join ledger_accounts a on a.id = e.account_id and a.code = $1
      where t.created_at >= $2 order by e.seq`,
    [`WALLET:${corporateId}`, since],
  );
  return rows;
}

async function cardFunding(c: TestUser, amount: string) {
  const init = await api('POST', 'fund/card/initialize', c, { amount });
  expect(init.statusCode, init.body).toBe(201);
  const p = init.json().data;
  const payload = JSON.stringify({
    event: 'charge.completed',
    data: {
      reference: p.reference,
      status: 'SUCCESSFUL',
      amountKobo: p.totalKobo,
      paidAt: new Date().toISOString(),
    },
  });
  const cb = await t.app.inject({
    method: 'POST',
    url: '/api/v1/fund/card/callback',
    headers: {
      'content-type': 'application/json',
      'x-gateway-signature': signBody(gatewaySecretOf(t.app.ctx.config), payload),
    },
    payload,
  });
  expect(cb.statusCode, cb.body).toBe(200);
  return p as { reference: string; amountKobo: number; feeKobo: number };
}

beforeAll(async () => {
  t = await buildTestApp();
  corp = await createCorporate(t.app, { name: 'Statement Test Ltd' });
  other = await createCorporate(t.app, { name: 'Other Books Ltd' });
  await assignDefaults(t.app, corp.corporateId);
});
afterAll(() => t?.close());

describe('[STATEMENT] a month of the wallet from the ledger', () => {
  let month: { opening: number; credits: number; debits: number; closing: number; csv: string };

  it('[STATEMENT] opening + credits − debits = closing for a month with a card funding (fee), vends and a reversal; Lagos midnight bounds it', async () => {
    const start = new Date(Date.now() - 1000).toISOString();
    await fund(t.app, corp.corporateId, 500_000); // February: the opening balance
    const key = await apiKeyFor(t.app, corp.corporateId);
    const card = await cardFunding(corp, '10,000'); // wallet +10,000; the fee is the payer's, not the wallet's
    expect(card.feeKobo).toBe(25_000);
    const ok = await apiVend(t.app, key, { phone: '08031234567', amount: '1,000' });
    expect(ok.json().data.status).toBe('SUCCESSFUL');
    const failed = await apiVend(t.app, key, { phone: '+2348000000002', network: 'MTN', amount: 700 });
    expect(failed.json().data.status).toBe('FAILED'); // debit and its reversal
    await fund(t.app, corp.corporateId, 30_000); // April 1 at 00:00 Lagos: next month's

    const moves = await walletTransfers(corp.corporateId, start);
    expect(moves.map((m) => m.kind)).toEqual([
      'ADJUSTMENT',
      'CARD_FUNDING',
      'VEND',
      'VEND',
      'REVERSAL',
      'ADJUSTMENT',
    ]);
    // 28 Feb 23:59:59 in Lagos is 22:59:59Z: before the month. 1 Mar 00:00 Lagos is 28 Feb 23:00Z.
    await backdate([moves[0].id], '2026-02-28T22:59:59Z');
    await backdate([moves[1].id], '2026-02-28T23:00:00Z');
    await backdate([moves[2].id], '2026-03-10T09:30:00Z');
    await backdate([moves[3].id, moves[4].id], '2026-03-31T22:59:59Z');
    await backdate([moves[5].id], '2026-03-31T23:00:00Z');

    const res = await api('POST', 'reconciliation/statements', corp, {
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json().data;
    expect(s).toMatchObject({
      kind: 'ON_DEMAND',
      fromDate: '2026-03-01',
      toDate: '2026-03-31',
      openingKobo: 500_000,
      creditsKobo: 1_000_000 + 70_000,
      debitsKobo: 100_000 + 70_000,
      closingKobo: 500_000 + 1_000_000 - 100_000,
      entryCount: 4,
      // Both files, whatever the format set for delivery (issue 36 point 8).
      formats: ['CSV', 'PDF'],
    });
    expect(s.openingKobo + s.creditsKobo - s.debitsKobo).toBe(s.closingKobo);
    // The closing balance is the wallet now less what April brought.
    expect(s.closingKobo).toBe((await balances(t.app, corp.corporateId)).wallet - 30_000);

    const dl = await api('GET', `reconciliation/statements/${s.id}/download`, corp);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toMatch(/^text\/csv/);
    expect(dl.headers['content-disposition']).toContain(`statement-${s.code}-2026-03-01-to-2026-03-31.csv`);
    const rows = parseCsv(dl.body);
    expect(rows[0]).toEqual([
      'Date',
      'Reference',
      'Type',
      'Description',
      'Credit (NGN)',
      'Debit (NGN)',
      'Balance (NGN)',
    ]);
    const byDesc = (d: string) => rows.find((r) => r[3].startsWith(d))!;
    expect(byDesc('Opening balance')).toEqual(['01/03/2026', '', '', 'Opening balance', '', '', '5000.00']);
    const entries = rows.slice(1).filter((r) => r[1] !== '');
    // Each movement by the code the client sees everywhere else (issue 36 point 23), not the
    // ledger's internal reference (card-payment:…, vend:…, vend-reversal:…).
    expect(entries.map((r) => [r[0], r[1], r[2], r[4], r[5], r[6]])).toEqual([
      ['01/03/2026 12:00 AM', card.reference, 'Card funding', '10000.00', '', '15000.00'],
      ['10/03/2026 10:30 AM', ok.json().data.code, 'Vend', '', '1000.00', '14000.00'],
      ['31/03/2026 11:59 PM', failed.json().data.code, 'Vend', '', '700.00', '13300.00'],
      ['31/03/2026 11:59 PM', failed.json().data.code, 'Reversal', '700.00', '', '14000.00'],
    ]);
    expect(card.reference).toMatch(/^CP-/);
    expect(ok.json().data.code).toMatch(/^VND-/);
    expect(moves[2].reference).toMatch(/^vend:/);
    expect(dl.body).not.toMatch(/vend:|card-payment:|fund-request:/);
    expect(byDesc('Closing balance')[6]).toBe('14000.00');
    expect(byDesc('Check:')[3]).toBe(
      'Check: opening + credits - debits = closing: 5000.00 + 10700.00 - 1700.00 = 14000.00',
    );

    // The same statement as a PDF: the same figures, the entries in Lagos 12-hour time.
    const pdf = await api('GET', `reconciliation/statements/${s.id}/pdf`, corp);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`statement-${s.code}-2026-03-01-to-2026-03-31.pdf`);
    const text = pdf.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    expect(text).toContain('(Client: Statement Test Ltd) Tj');
    expect(text).toContain('(Period: 01/03/2026 to 31/03/2026 \\(Africa/Lagos, midnight to midnight\\)) Tj');
    expect(text).toContain('(Opening balance: NGN 5,000.00) Tj');
    // Credit before debit, as in the CSV (issue 53 point 10).
    const credit = text.indexOf('(Credit \\(NGN\\)) Tj');
    expect(credit).toBeGreaterThan(0);
    expect(credit).toBeLessThan(text.indexOf('(Debit \\(NGN\\)) Tj'));
    expect(text).toContain('(Closing balance: NGN 14,000.00) Tj');
    expect(text).toContain(
      '(Check: opening + credits - debits = closing: 5,000.00 + 10,700.00 - 1,700.00 = 14,000.00) Tj',
    );
    expect(text).toContain('(01/03/2026 12:00 AM) Tj');
    expect(text).toContain('(10/03/2026 10:30 AM) Tj');
    expect(text).toContain('(31/03/2026 11:59 PM) Tj');
    for (const code of [card.reference, ok.json().data.code, failed.json().data.code])
      expect(text).toContain(`(${code}) Tj`);
    for (const m of moves.slice(1, 5)) expect(text).not.toContain(`(${m.reference}) Tj`);
    expect(text).not.toContain(moves[5].reference);
    expect(text).toContain('(Page 1 of 1) Tj');
    month = {
      opening: s.openingKobo,
      credits: s.creditsKobo,
      debits: s.debitsKobo,
      closing: s.closingKobo,
      csv: dl.body,
    };
    expect(month.csv).not.toContain(moves[5].reference);
  });

  it('[STATEMENT] the day before and the day after the month meet it at Lagos midnight', async () => {
    const feb = (
      await api('POST', 'reconciliation/statements', corp, { startDate: '2026-02-28', endDate: '2026-02-28' })
    ).json().data;
    expect(feb).toMatchObject({
      openingKobo: 0,
      creditsKobo: 500_000,
      debitsKobo: 0,
      closingKobo: month.opening,
    });
    const apr = (
      await api('POST', 'reconciliation/statements', corp, { startDate: '2026-04-01', endDate: '2026-04-01' })
    ).json().data;
    expect(apr).toMatchObject({
      openingKobo: month.closing,
      creditsKobo: 30_000,
      closingKobo: month.closing + 30_000,
    });
  });

  it('[STATEMENT] a statement that ends today covers it up to now: the closing balance is the wallet’s', async () => {
    await fund(t.app, other.corporateId, 1_234_500);
    const today = new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
    const res = await api('POST', 'reconciliation/statements', other, { startDate: today, endDate: today });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      fromDate: today,
      toDate: today,
      openingKobo: 0,
      creditsKobo: 1_234_500,
    });
    expect(res.json().data.closingKobo).toBe((await balances(t.app, other.corporateId)).wallet);
    const csv = (await api('GET', `reconciliation/statements/${res.json().data.id}/download`, other)).body;
    expect(csv).toContain('made before the last day ended');
  });

  it('[STATEMENT] a fund request and an admin funding read as their FR- and AF- codes (issue 36 point 23)', async () => {
    const c = await createCorporate(t.app, { name: 'Codes Ltd' });
    const admin = await createAdmin(t.app);
    const fr = await createFundRequest(t.app, c, '2,000');
    expect((await approve(t.app, admin, fr.id)).statusCode).toBe(200);
    const af = await api('POST', 'fund', admin, {
      corporateId: c.corporateId,
      amount: '500',
      reason: 'Goodwill credit',
      password: TEST_PASSWORD,
    });
    expect(af.statusCode, af.body).toBe(200);
    const today = new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
    const res = await api('POST', 'reconciliation/statements', c, { startDate: today, endDate: today });
    expect(res.statusCode, res.body).toBe(201);
    const csv = (await api('GET', `reconciliation/statements/${res.json().data.id}/download`, c)).body;
    const refs = parseCsv(csv)
      .slice(1)
      .map((r) => r[1])
      .filter(Boolean);
    expect(refs).toEqual([fr.code, af.json().data.code ?? expect.stringMatching(/^AF-/)]);
    expect(refs[1]).toMatch(/^AF-/);
  });

  it('[STATEMENT] a bill reads as its VND- code, its biller, customer number and token masked; its refund names it too', async () => {
    const c = await createCorporate(t.app, { name: 'Bill Statement Ltd' });
    await assignDefaults(t.app, c.corporateId);
    await fund(t.app, c.corporateId, 1_000_000);
    const pay = (customerNumber: string) => api('POST', 'bills/pay', c, prepaidBill('2500', customerNumber));
    const paid = (await pay('1111111111111')).json().data;
    expect(paid.status).toBe('SUCCESSFUL');
    const failed = (await pay('1111111111114')).json().data;
    expect(failed.status).toBe('FAILED');
    const tv = (await api('POST', 'bills/pay', c, tvRenewal())).json().data;
    expect(tv.status).toBe('SUCCESSFUL');
    const today = new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
    const res = await api('POST', 'reconciliation/statements', c, { startDate: today, endDate: today });
    expect(res.statusCode, res.body).toBe(201);
    const csv = (await api('GET', `reconciliation/statements/${res.json().data.id}/download`, c)).body;
    expect(csv).not.toContain(paid.token);
    const rows = parseCsv(csv);
    const lines = (code: string) => rows.filter((r) => r[1] === code).map((r) => r.join('|'));
    expect(lines(paid.code)).toEqual([
      expect.stringContaining(
        `Electricity payment: Ikeja Electric, meter number 1111111111111, token ****${paid.token.slice(-4)}`,
      ),
    ]);
    expect(lines(failed.code)).toEqual([
      expect.stringContaining('Electricity payment: Ikeja Electric, meter number 1111111111114'),
      expect.stringContaining(
        'Refund of a purchase that was not delivered (Ikeja Electric, meter number 1111111111114)',
      ),
    ]);
    expect(lines(tv.code)).toEqual([
      expect.stringContaining('TV subscription: DStv, smartcard number 1212121212'),
    ]);
    expect(csv).not.toContain('Airtime or data purchase');
  });

  it('[STATEMENT] bad ranges are refused with words and store nothing', async () => {
    const count = async () => (await api('GET', 'reconciliation/statements', corp)).json().total;
    const before = await count();
    const tomorrow = new Date(Date.now() + 25 * 3600_000).toISOString().slice(0, 10);
    for (const [body, msg] of [
      [{ startDate: '2026-03-05', endDate: '2026-03-01' }, /must not be after/],
      [{ startDate: tomorrow, endDate: tomorrow }, /cannot be in the future/],
      [{ startDate: '2024-01-01', endDate: '2026-01-01' }, /at most 366 days/],
      [{ startDate: '2026-02-31', endDate: '2026-03-01' }, /real date/],
    ] as const) {
      const res = await api('POST', 'reconciliation/statements', corp, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json())).toMatch(msg);
    }
    expect(await count()).toBe(before);
  });

  it('[STATEMENT] another client sees none of the statements, cannot download them, and its own are its own', async () => {
    const mine = (await api('GET', 'reconciliation/statements', corp)).json().data;
    expect(mine.length).toBeGreaterThan(0);
    const theirs = (await api('GET', 'reconciliation/statements', other)).json().data;
    expect(theirs.map((s: { id: string }) => s.id)).not.toContain(mine[0].id);
    const dl = await api('GET', `reconciliation/statements/${mine[0].id}/download`, other);
    expect(dl.statusCode).toBe(404);
    const pdf = await api('GET', `reconciliation/statements/${mine[0].id}/pdf`, other);
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json().message).toBe('Statement not found');
    expect((await api('GET', 'reconciliation/statements/not-a-uuid/pdf', corp)).statusCode).toBe(400);
    const admin = await createAdmin(t.app);
    expect((await api('GET', 'reconciliation/statements', admin)).statusCode).toBe(403);
    expect((await api('GET', 'reconciliation/settings', admin)).statusCode).toBe(403);
  });
});

describe('[STATEMENT] settings and the job at the period’s end', () => {
  it('[STATEMENT] settings are saved per client, audited, validated; the other client keeps its own', async () => {
    const empty = (await api('GET', 'reconciliation/settings', corp)).json().data;
    expect(empty).toMatchObject({
      enabled: false,
      frequency: 'DAILY',
      emails: [],
      inApp: true,
      format: 'CSV',
    });
    const bad = await api('POST', 'reconciliation/settings', corp, {
      enabled: true,
      frequency: 'HOURLY',
      emails: ['x'],
    });
    expect(bad.statusCode).toBe(400);
    const pdf = await api('POST', 'reconciliation/settings', corp, {
      enabled: true,
      frequency: 'DAILY',
      format: 'PDF',
    });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toMatch(/CSV only \(CSV\) or CSV and PDF \(CSV_PDF\)/);
    const res = await api('POST', 'reconciliation/settings', corp, {
      enabled: true,
      frequency: 'DAILY',
      emails: ['Books@Statement.test', 'books@statement.test', 'cfo@statement.test'],
      inApp: true,
      format: 'CSV',
      lowBalanceThreshold: '2,000',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      enabled: true,
      emails: ['books@statement.test', 'cfo@statement.test'],
      lowBalanceThresholdKobo: 200_000,
      format: 'CSV',
    });
    expect((await api('GET', 'reconciliation/settings', other)).json().data.enabled).toBe(false);
    const audit = await t.app.ctx.dbHandle.query<{ summary: { after: { frequency: string } } }>(
      `select summary from audit_logs where action = 'reconciliation.settings.update' and corporate_id = $1`,
      [corp.corporateId],
    );
    expect(audit.at(-1)?.summary.after.frequency).toBe('DAILY');
  });

  it('[STATEMENT] the job makes yesterday’s statement once, after Lagos midnight, and emails the CSV and the PDF', async () => {
    // 00:05 in Lagos on 1 April 2026 is 23:05Z on 31 March: "yesterday" is 31 March.
    const now = new Date('2026-03-31T23:05:00Z');
    expect(lastEndedPeriod('DAILY', now)).toEqual({
      kind: 'DAILY',
      fromDate: '2026-03-31',
      toDate: '2026-03-31',
    });
    // The next run is the next 00:05 in Lagos, even when a run starts just after midnight.
    expect(nextStatementsRunAt(new Date('2026-03-31T23:02:00Z'))).toEqual(new Date('2026-03-31T23:05:00Z'));
    expect(nextStatementsRunAt(new Date('2026-03-31T22:00:00Z'))).toEqual(new Date('2026-03-31T23:05:00Z'));
    // CSV and PDF: each email carries both.
    const both = await api('POST', 'reconciliation/settings', corp, {
      enabled: true,
      frequency: 'DAILY',
      emails: ['books@statement.test', 'cfo@statement.test'],
      format: 'CSV_PDF',
      lowBalanceThreshold: '2,000',
    });
    expect(both.json().data.format).toBe('CSV_PDF');
    const job = { id: 'test', attempts: 1 } as unknown as JobRow;
    const out = await statementsJob(t.app.ctx, job, now);
    expect(out).toEqual({ retryAt: new Date('2026-04-01T23:05:00Z') });
    await statementsJob(t.app.ctx, job, now); // a second worker, or a rerun: nothing more
    const list = (await api('GET', 'reconciliation/statements', corp)).json().data;
    const daily = list.filter((s: { kind: string }) => s.kind === 'DAILY');
    expect(daily).toHaveLength(1);
    expect(daily[0]).toMatchObject({
      fromDate: '2026-03-31',
      toDate: '2026-03-31',
      debitsKobo: 70_000,
      creditsKobo: 70_000,
    });
    const mails = await t.app.ctx.dbHandle.query<{
      to: string;
      subject: string;
      attachments: Array<{ filename: string; contentType: string; content: string }>;
    }>(
      `select "to", subject, attachments from outbox_emails where subject like 'Your VendPort statement%' order by "to"`,
    );
    expect(mails.map((m) => m.to)).toEqual(['books@statement.test', 'cfo@statement.test']);
    expect(mails[0].subject).toBe('Your VendPort statement for 31/03/2026');
    expect(mails[0].attachments[0].filename).toMatch(
      /^statement-STM-[0-9A-Z]{10}-2026-03-31-to-2026-03-31\.csv$/,
    );
    expect(mails[0].attachments[0].content).toContain('Closing balance');
    for (const m of mails) {
      expect(m.attachments.map((a) => [a.filename.slice(-4), a.contentType])).toEqual([
        ['.csv', 'text/csv'],
        ['.pdf', 'application/pdf'],
      ]);
    }
    const attachedPdf = mails[0].attachments[1].content;
    expect(attachedPdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(attachedPdf).toContain('(Opening balance: NGN 14,000.00) Tj');
    expect(attachedPdf).toContain('(Closing balance: NGN 14,000.00) Tj');
    expect(mails[0].attachments[1].filename).toBe(mails[0].attachments[0].filename.replace('.csv', '.pdf'));
    const note = await t.app.ctx.dbHandle.query(
      'select 1 from notifications where user_id = $1 and subject = $2',
      [corp.id, 'Statement ready'],
    );
    expect(note.length).toBe(1);
    // The other client asked for no scheduled statement and got none.
    const theirs = (await api('GET', 'reconciliation/statements', other)).json().data;
    expect(theirs.filter((s: { kind: string }) => s.kind !== 'ON_DEMAND')).toEqual([]);
  });

  it('[STATEMENT] weekly statements cover Monday to Sunday and are made on the Monday after', () => {
    // Wednesday 8 April 2026, noon in Lagos: the last whole week is 30 March to 5 April.
    expect(lastEndedPeriod('WEEKLY', new Date('2026-04-08T11:00:00Z'))).toEqual({
      kind: 'WEEKLY',
      fromDate: '2026-03-30',
      toDate: '2026-04-05',
    });
    // Monday 6 April 00:05 Lagos (5 April 23:05Z): that week has just ended.
    expect(lastEndedPeriod('WEEKLY', new Date('2026-04-05T23:05:00Z')).toDate).toBe('2026-04-05');
    // Sunday 5 April 23:59 Lagos: it has not.
    expect(lastEndedPeriod('WEEKLY', new Date('2026-04-05T22:59:00Z')).toDate).toBe('2026-03-29');
  });
});

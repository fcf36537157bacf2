// Contract fixtures of Paystack's refunds and disputes (fixtures/money/, each naming its page): the
// lists read as documented, only processed refunds count as money moved, and the dispute webhooks
// name the disputed transaction so its check is queued.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readData } from './client';
import { paystackEventAction } from './events';
import { disputeData, refundData, refundMovedMoney } from './money';

const dir = path.join(import.meta.dirname, 'fixtures', 'money');
const load = (file: string) => JSON.parse(readFileSync(path.join(dir, file), 'utf8'));

describe('[PAYSTACK] refund and dispute fixtures', () => {
  it('[PAYSTACK] every fixture names the Paystack page it comes from', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const f of files) expect(load(f).source, f).toMatch(/^https:\/\/paystack\.com\/docs\//);
  });

  it('[PAYSTACK] GET /refund: partial refunds read in kobo, and only processed ones have moved money', () => {
    const f = load('refunds-partial.json');
    const read = readData(f.answer, z.array(refundData));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.data.filter(refundMovedMoney).reduce((s, r) => s + r.amount, 0)).toBe(f.processedKobo);
  });

  it('[PAYSTACK] GET /dispute: status, resolution, refund_amount and due_at read as documented', () => {
    const f = load('disputes-resolved-declined.json');
    const read = readData(f.answer, z.array(disputeData));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.data[0]).toMatchObject({
      status: 'resolved',
      resolution: 'declined',
      refund_amount: 400_000,
    });
    expect(read.data[0].due_at).toBe('2026-11-14T10:00:00.000Z');
  });

  it('[PAYSTACK] charge.dispute.create/remind/resolve each queue a reversal check of the disputed transaction', () => {
    const f = load('webhook-charge-dispute-create.json');
    for (const event of ['charge.dispute.create', 'charge.dispute.remind', 'charge.dispute.resolve'])
      expect(paystackEventAction({ ...f.event, event })).toEqual({
        check: { reference: f.reference, kind: 'reversal' },
      });
  });
});

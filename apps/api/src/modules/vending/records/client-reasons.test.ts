// Issue 53 point 4: a client (portal and public API) never reads an upstream's name or raw code.
// The class test walks every answer the mapping tables give a meaning to (VTpass's documented codes
// on both endpoints, Reloadly's documented error codes and statuses, the simulator's numbers and
// faults), stores each as the vend lifecycle would (a failed vend's reason, a call's or requery's
// event), and renders it through the client serializer: the words must be the fixed set, with no
// provider name or code; a recipient's failure must say so.
import { CLIENT_VEND_REASON_WORDS, CLIENT_VEND_REASONS, SIMULATOR_TEST_NUMBERS } from '@vendport/shared';
import { describe, expect, it } from 'vitest';
import { SIMULATOR_FAILURES } from '../../providers/client-causes';
import { type ProviderAnswer, SimulatorProvider, type VendRequest } from '../../providers/providers.service';
import {
  RELOADLY_DOCUMENTED_ERROR_CODES,
  RELOADLY_DOCUMENTED_STATUSES,
  reloadlyFailureKind,
  reloadlyStatusOutcome,
  reloadlyTopupOutcome,
} from '../../providers/reloadly.answers';
import type { UpstreamOutcome } from '../../providers/upstream.answers';
import {
  VTPASS_DOCUMENTED_CODES,
  vtpassFailureKind,
  vtpassPayOutcome,
  vtpassRequeryOutcome,
} from '../../providers/vtpass.answers';
import { clientEventMessage } from './client-events';
import { type VendRow, vendMessage, vendOut } from './vend-reads.service';

/** An upstream's name, an HTTP status, a three-digit code, an UPPER_SNAKE code, a top-up id. */
const UPSTREAM = /vtpass|reloadly|simulator|\bHTTP\b|\b\d{3}\b|\b[A-Z]+_[A-Z_]+\b|top-up \d/i;

/** Every answer the tables map, with the words the adapter would store and whether it is the recipient's. */
function mappedAnswers(): Array<{ label: string; o: UpstreamOutcome; recipient: boolean }> {
  const out: Array<{ label: string; o: UpstreamOutcome; recipient: boolean }> = [];
  for (const code of VTPASS_DOCUMENTED_CODES) {
    const body = {
      code,
      response_description: 'TRANSACTION FAILED',
      content: { transactions: { status: 'delivered' } },
    };
    for (const [endpoint, f] of [
      ['pay', vtpassPayOutcome],
      ['requery', vtpassRequeryOutcome],
    ] as const)
      out.push({
        label: `VTpass ${code} on ${endpoint}`,
        o: f({ httpStatus: 200, body, durationMs: 1 } as never),
        recipient: vtpassFailureKind(code) === 'RECIPIENT',
      });
  }
  for (const errorCode of RELOADLY_DOCUMENTED_ERROR_CODES)
    out.push({
      label: `Reloadly ${errorCode}`,
      o: reloadlyTopupOutcome({ httpStatus: 400, body: { errorCode, message: 'x' }, durationMs: 1 } as never),
      recipient: reloadlyFailureKind(errorCode) === 'RECIPIENT',
    });
  for (const status of RELOADLY_DOCUMENTED_STATUSES) {
    const body = { transactionId: 4127, status };
    out.push({
      label: `Reloadly top-up ${status}`,
      o: reloadlyTopupOutcome({ httpStatus: 200, body, durationMs: 1 } as never),
      recipient: false,
    });
    out.push({
      label: `Reloadly status ${status}`,
      o: reloadlyStatusOutcome({ httpStatus: 200, body, durationMs: 1 } as never),
      recipient: false,
    });
  }
  for (const [message, kind] of Object.entries(SIMULATOR_FAILURES))
    out.push({
      label: `simulator ${message}`,
      o: { outcome: 'FAILED', kind, detail: message },
      recipient: kind === 'RECIPIENT',
    });
  return out;
}

const OUTCOME: Record<UpstreamOutcome['outcome'], string> = {
  SUCCESSFUL: 'SUCCESS',
  FAILED: 'FAILED',
  UNKNOWN: 'PENDING',
  NOT_FOUND: 'NOT_FOUND',
  REQUEST_ID_REUSED: 'PENDING',
  REVERSED: 'REVERSED',
};

const now = new Date('2026-05-01T09:00:00Z');
function failedVend(reason: string, status = 'FAILED'): VendRow {
  return {
    id: '01900000-0000-7000-8000-000000000001',
    code: 'VND-TEST0000001',
    corporateId: '01900000-0000-7000-8000-000000000002',
    mode: 'LIVE',
    channel: 'API',
    reference: 'ref-1',
    msisdn: '+2348031234567',
    network: 'MTN',
    serviceType: 'AIRTIME',
    platform: 'AGGREGATOR',
    planCode: null,
    planName: null,
    amountKobo: 50_000,
    chargeKobo: 49_000,
    commissionKobo: 1_000,
    commissionMode: 'UPFRONT',
    status,
    failureReason: reason,
    createdAt: now,
    completedAt: now,
    reversedAt: null,
  } as unknown as VendRow;
}

describe('[VEND] a client reads no upstream', () => {
  it('[VEND] every answer of the mapping tables reads in fixed client words on the vend, its message and its timeline', () => {
    const answers = mappedAnswers();
    expect(answers.length).toBeGreaterThan(40);
    const leaks: string[] = [];
    for (const { label, o, recipient } of answers) {
      // As the lifecycle stores it: the reason of a failed vend (the answer's words, or the
      // requery's "no record" sentence around them), and the call's and requery's event.
      const reasons = [o.detail, `The provider has no record of the vend (${o.detail})`];
      for (const reason of reasons) {
        const v = vendOut(failedVend(reason));
        const said = [
          v.failureReason ?? '',
          vendMessage(failedVend(reason)),
          vendMessage(failedVend(reason), 'PORTAL'),
          clientEventMessage({ type: 'STATUS', status: 'FAILED', outcome: null, message: reason }) ?? '',
        ];
        for (const s of said) if (UPSTREAM.test(s)) leaks.push(`${label}: "${s}"`);
        if (!CLIENT_VEND_REASON_WORDS.includes(v.failureReason ?? ''))
          leaks.push(`${label}: "${v.failureReason}" is not one of the client's reasons`);
      }
      // A reversal's event carries its reason after the amount (provider-check, reversal services).
      const refund = clientEventMessage({
        type: 'REVERSAL',
        status: 'REVERSED',
        outcome: null,
        message: `₦500.00 credited back: ${o.detail}`,
      });
      // (The amount is ours: only the words around it are checked.)
      if (UPSTREAM.test((refund ?? '').replace(/₦[\d,]+\.\d{2}/, '')))
        leaks.push(`${label} REVERSAL: "${refund}"`);
      expect(refund).toBe('₦500.00 returned to the wallet');
      for (const type of ['PROVIDER_CALL', 'REQUERY']) {
        const s =
          clientEventMessage({ type, status: null, outcome: OUTCOME[o.outcome], message: o.detail }) ?? '';
        if (UPSTREAM.test(s)) leaks.push(`${label} ${type}: "${s}"`);
      }
      // A failure on the recipient's side tells the client so (not "the network").
      if (o.outcome === 'FAILED' && recipient)
        expect([CLIENT_VEND_REASONS.RECIPIENT, CLIENT_VEND_REASONS.RECENTLY_RECHARGED], label).toContain(
          vendOut(failedVend(o.detail)).failureReason,
        );
    }
    expect(leaks).toEqual([]);
    expect(vendOut(failedVend('VTpass 016 TRANSACTION FAILED', 'REVERSED')).failureReason).toBe('Refunded');
  });

  it('[VEND] every simulator number’s answers read in fixed client words', async () => {
    const sim = new SimulatorProvider('AGGREGATOR', 0);
    const vtu = new SimulatorProvider('VTU', 0);
    for (const n of SIMULATOR_TEST_NUMBERS) {
      const req: VendRequest = {
        reference: `VND-SIM${n.msisdn.slice(-4)}`,
        requestId: 'r',
        providerReference: null,
        providerPlanCode: null,
        msisdn: n.msisdn,
        network: 'MTN',
        serviceType: 'AIRTIME',
        amountKobo: 10_000,
        planCode: null,
        line: null,
      };
      for (const p of [sim, vtu]) {
        const answers: ProviderAnswer[] = [];
        for (const call of [() => p.vend(req), () => p.query(req)])
          answers.push(
            await call().catch(
              () =>
                ({ outcome: 'TIMEOUT', message: 'The provider did not answer in time' }) as ProviderAnswer,
            ),
          );
        for (const a of answers) {
          const words = [
            clientEventMessage({
              type: 'PROVIDER_CALL',
              status: null,
              outcome: a.outcome,
              message: a.message,
            }),
            vendOut(failedVend(a.message)).failureReason,
          ];
          for (const w of words) expect(w ?? '', `${n.msisdn} ${p.name}`).not.toMatch(UPSTREAM);
          if (a.outcome === 'FAILED' && a.failureKind === 'RECIPIENT')
            expect(vendOut(failedVend(a.message)).failureReason).toBe(CLIENT_VEND_REASONS.RECIPIENT);
        }
      }
    }
  });
});

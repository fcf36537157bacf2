// What an upstream's answer means for a vend, in one vocabulary shared by the VTpass and Reloadly
// mappings (vtpass.answers.ts, reloadly.answers.ts). The clients and adapters (vtpass.provider.ts,
// reloadly.provider.ts) read every answer through them; vending's lifecycle turns the outcome into a
// vend's state.
//
// The rule every mapping keeps: an answer we cannot classify (no answer, a 5xx, a body that does not
// parse, a code or status the provider does not document) is UNKNOWN, never FAILED. A wrong FAILED
// refunds a vend the recipient may already have received; a wrong UNKNOWN only costs a requery.
import type { OutboundAnswer } from '../../infra/outbound';

/** Why a definite failure happened, which decides what the vend does next. */
export type FailureKind =
  /** The recipient's side (invalid number, number on another network, recharged too recently):
   * the vend ends, no failover. */
  | 'RECIPIENT'
  /** The provider's side (float too low, service down, request rejected): fail over to the next provider. */
  | 'PROVIDER';

export type UpstreamOutcome =
  | { outcome: 'SUCCESSFUL'; detail: string }
  /** `refusal`: the provider refused us, not the vend (credentials, IP, account suspended, a request it
   * cannot read): it proves nothing was delivered, fails over at once and counts toward the breaker
   * (issue 49). */
  | { outcome: 'FAILED'; kind: FailureKind; detail: string; refusal?: true; lowBalance?: true }
  /** Timeout, 5xx, pending, anything undocumented: never fails over; the vend stays PENDING and is
   * requeried at the same provider. */
  | { outcome: 'UNKNOWN'; detail: string }
  /** The provider has no transaction under our reference (VTpass 015 on requery). */
  | { outcome: 'NOT_FOUND'; detail: string }
  /** VTpass 014: the request id was used before. Our ids are unique, so this must never happen:
   * callers log it as an error and treat the vend as unknown (the earlier use may have delivered). */
  | { outcome: 'REQUEST_ID_REUSED'; detail: string }
  /** Delivered (or charged) earlier, then reversed by the provider (VTpass `reversed`, Reloadly `REFUNDED`). */
  | { outcome: 'REVERSED'; detail: string };

/** One HTTP exchange as the adapter saw it (infra/outbound.ts). */
export type UpstreamAnswer = OutboundAnswer;

export const unknown = (detail: string): UpstreamOutcome => ({ outcome: 'UNKNOWN', detail });

export const failed = (kind: FailureKind, detail: string): UpstreamOutcome => ({
  outcome: 'FAILED',
  kind,
  detail,
});

/** Refused for our balance at the provider: the vend fails over and the balance is read at once. */
export const lowBalance = (detail: string): UpstreamOutcome => ({
  outcome: 'FAILED',
  kind: 'PROVIDER',
  detail,
  lowBalance: true,
});

/** A definite refusal of us by the provider (see `refusal` above): always the provider's side. */
export const refused = (detail: string): UpstreamOutcome => ({
  outcome: 'FAILED',
  kind: 'PROVIDER',
  detail,
  refusal: true,
});

/** The answers no mapping reads further: no answer, and 5xx (the provider's own error, state unknown). */
export function unreadable(answer: UpstreamAnswer): UpstreamOutcome | null {
  if ('noAnswer' in answer) return unknown(`no answer: ${answer.reason}`);
  if (answer.httpStatus >= 500) return unknown(`HTTP ${answer.httpStatus}`);
  return null;
}

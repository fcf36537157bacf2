// From an upstream's outcome (upstream.answers.ts: one vocabulary for VTpass and Reloadly) to the
// answer the vend lifecycle acts on (providers.service.ts). Kept apart so the mappings stay pure.
import type { ProviderAnswer } from './providers.service';
import type { UpstreamAnswer, UpstreamOutcome } from './upstream.answers';

/** The exchange as kept on the attempt: status and body, or why there was none. */
export const rawOf = (answer: UpstreamAnswer) =>
  'noAnswer' in answer ? { noAnswer: answer.reason } : { httpStatus: answer.httpStatus, body: answer.body };

export interface AnswerLog {
  error(obj: object, msg: string): void;
}

/**
 * SUCCESSFUL -> SUCCESS; FAILED -> FAILED with its kind; UNKNOWN -> PENDING (requeried at the same
 * provider, never failed over); NOT_FOUND stays; REVERSED stays; REQUEST_ID_REUSED must never happen
 * (our ids are unique): logged as an error and treated as unknown, since the earlier use may have
 * delivered.
 */
export function toProviderAnswer(
  provider: string,
  o: UpstreamOutcome,
  answer: UpstreamAnswer,
  providerReference: string | null,
  log?: AnswerLog,
): ProviderAnswer {
  const raw = rawOf(answer);
  switch (o.outcome) {
    case 'SUCCESSFUL':
      return { outcome: 'SUCCESS', message: o.detail, providerReference, raw };
    case 'FAILED':
      return {
        outcome: 'FAILED',
        message: o.detail,
        providerReference,
        failureKind: o.kind,
        ...(o.refusal ? { refusal: true } : {}),
        ...(o.lowBalance ? { lowBalance: true } : {}),
        raw,
      };
    case 'NOT_FOUND':
      return { outcome: 'NOT_FOUND', message: o.detail, providerReference, raw };
    case 'REVERSED':
      return { outcome: 'REVERSED', message: o.detail, providerReference, raw };
    case 'REQUEST_ID_REUSED':
      log?.error({ provider, detail: o.detail }, 'provider says our request id was used before');
      return {
        outcome: 'PENDING',
        message: `${o.detail} (request id reused: checked by requery)`,
        providerReference,
        raw,
      };
    default:
      return { outcome: 'PENDING', message: o.detail, providerReference, raw };
  }
}

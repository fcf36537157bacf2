// A vend's timeline as its client reads it (issue 53 point 4): which upstream was called, what it
// answered and how the vend was routed are the reseller's business, so each event reads in fixed
// words by its type, status and outcome. Admins read the events as recorded.
import { CLIENT_VEND_REASONS } from '@vendport/shared';
import { failureCauseOf } from '../../providers';

export interface TimelineEvent {
  type: string;
  status: string | null;
  outcome: string | null;
  message: string | null;
}

/** An upstream's answer to a call or a requery, in the client's words. */
function answerWords(outcome: string | null, message: string | null): string {
  switch (outcome) {
    case 'SUCCESS':
      return CLIENT_VEND_REASONS.DELIVERED;
    case 'FAILED':
    case 'NOT_FOUND':
      return CLIENT_VEND_REASONS[failureCauseOf(message)];
    case 'REVERSED':
      return CLIENT_VEND_REASONS.REFUNDED;
    default:
      return CLIENT_VEND_REASONS.PENDING;
  }
}

/** The words of one event for the client. */
export function clientEventMessage(e: TimelineEvent): string | null {
  switch (e.type) {
    // Written by us from the vend's own facts (amount, number, the client's own webhook): nothing
    // of the upstream in them.
    case 'CREATED':
    case 'WEBHOOK':
    // A late truth resolved for the client: its words are the resolution's, written for them.
    case 'LATE_TRUTH':
      return e.message;
    // "₦500.00 credited back: <why>": the why may be the provider's answer; the amount is ours.
    case 'REVERSAL': {
      const amount = /^₦[\d,]+\.\d{2}/.exec(e.message ?? '')?.[0];
      return amount ? `${amount} returned to the wallet` : 'Returned to the wallet';
    }
    case 'PROVIDER_CALL':
      return `Sent to the network: ${answerWords(e.outcome, e.message).toLowerCase()}`;
    case 'REQUERY':
      return `Checked with the network: ${answerWords(e.outcome, e.message).toLowerCase()}`;
    case 'REROUTED':
      return 'Sent again through another route';
    case 'REQUERY_EXHAUSTED':
      return 'Still waiting for the network; our support team is checking it';
    case 'STATUS':
      if (e.status === 'SUCCESSFUL') return CLIENT_VEND_REASONS.DELIVERED;
      if (e.status === 'FAILED') return CLIENT_VEND_REASONS[failureCauseOf(e.message)];
      if (e.status === 'REVERSED') return CLIENT_VEND_REASONS.REFUNDED;
      return CLIENT_VEND_REASONS.PENDING;
    default:
      return null;
  }
}

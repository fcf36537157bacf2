// How a vend is shown and answered: the API/portal view of a vend row and the message that goes
// with its status.
import {
  CLIENT_VEND_REASONS,
  formatNaira,
  type Network,
  type Platform,
  type ServiceType,
  type VendChannel,
  type VendView,
} from '@vendport/shared';
import type { Db } from '../../../infra/db/client';
import { failureCauseOf } from '../../providers';
import { type VendRow, vendReferenceTaken } from './vends.repo';

export { recentVends, type VendFilter, vendHistoryPage } from '../history/vend-history.repo';
export { failedLiveVendCounts, findVendByReference, findVendRef, type VendRow } from './vends.repo';

/**
 * Why the vend did not deliver, in the client's fixed words (issue 53 point 4): a FAILED vend's
 * cause from the provider's answer it stored, REVERSED as refunded; null otherwise. The provider's
 * own answer stays on the row for admins (adminOut's providerReason).
 */
export function clientFailureReason(v: Pick<VendRow, 'status' | 'failureReason'>): string | null {
  if (v.status === 'REVERSED') return CLIENT_VEND_REASONS.REFUNDED;
  if (v.status !== 'FAILED') return null;
  return CLIENT_VEND_REASONS[failureCauseOf(v.failureReason)];
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

export function vendOut(v: VendRow): VendView {
  return {
    id: v.id,
    code: v.code,
    reference: v.reference,
    mode: v.mode as 'LIVE' | 'TEST',
    channel: v.channel as VendChannel,
    status: v.status as VendView['status'],
    phone: v.msisdn,
    network: v.network as Network,
    type: v.serviceType as ServiceType,
    platform: v.platform as Platform,
    planCode: v.planCode,
    planName: v.planName,
    amountKobo: v.amountKobo,
    amount: formatNaira(v.amountKobo),
    chargedKobo: v.chargeKobo,
    charged: formatNaira(v.chargeKobo),
    commissionKobo: v.commissionKobo,
    commission: formatNaira(v.commissionKobo),
    commissionMode: v.commissionMode as VendView['commissionMode'],
    failureReason: clientFailureReason(v),
    createdAt: v.createdAt.toISOString(),
    completedAt: v.completedAt?.toISOString() ?? null,
    reversedAt: v.reversedAt?.toISOString() ?? null,
  };
}

/**
 * The answer's message for a vend, from its state alone (so retries read the same answer). An
 * API caller is told how to learn the final status; a person in the portal, what happens next.
 */
export function vendMessage(v: VendRow, audience: 'API' | 'PORTAL' = 'API'): string {
  switch (v.status) {
    case 'SUCCESSFUL':
      return 'Vend successful';
    case 'FAILED':
      return `Vend failed: ${lowerFirst(clientFailureReason(v)!)}. The debit has been reversed.`;
    case 'REVERSED':
      return 'Vend reversed and refunded';
    default:
      return audience === 'PORTAL'
        ? 'Purchase pending: the network has not confirmed it yet. We keep checking and its status will update in your vending history.'
        : 'Vend pending: the provider has not confirmed it yet. Its final status will follow (webhook, or GET it again).';
  }
}

export { attemptsOfVend } from '../lifecycle/vend-attempts.repo';
export { ADMIN_ONLY_EVENTS, vendTimeline } from '../lifecycle/vend-events.repo';

/** Whether the client has a vend under this reference in this mode (a call naming it is a replay). */
export const referenceTaken = (db: Db, corporateId: string, mode: string, reference: string) =>
  vendReferenceTaken(db, corporateId, mode, reference);

// A corporate client's verification and account status as badges, one look wherever they show:
// the admin's client screens, and the client's own dashboard and profile. Verification reads
// through one state machine and one label set for both areas (shared's verificationState, issue 53
// point 8): a client who never submitted is "Not submitted" on the admin's list too, not "Pending".
import { VERIFICATION_STATE_LABELS, type VerificationState, verificationState } from '@vendport/shared';
import { Badge } from './ui/badge';

export type ClientVerificationState = VerificationState;
export const clientVerificationState = verificationState;

const TONE = {
  NOT_SUBMITTED: 'neutral',
  PENDING_REVIEW: 'warning',
  VERIFIED: 'success',
  DECLINED: 'danger',
} as const satisfies Record<VerificationState, string>;

/** A client's verification, in the same words in both areas. */
export function VerificationBadge({
  status,
  requestedAt,
}: {
  status: string;
  requestedAt: string | null | undefined;
}) {
  const state = verificationState(status, requestedAt);
  return <Badge tone={TONE[state]}>{VERIFICATION_STATE_LABELS[state]}</Badge>;
}

/** The client's side: the same badge (kept under its name for the client's screens). */
export const ClientVerificationBadge = VerificationBadge;

export function ClientStatusBadge({ status }: { status: string }) {
  return status === 'ACTIVE' ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Inactive</Badge>;
}

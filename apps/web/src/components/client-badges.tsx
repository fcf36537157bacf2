// A corporate client's verification and account status as badges, one look wherever they show:
// the admin's client screens, and the client's own dashboard and profile.
import { Badge } from './ui/badge';

/** Spec §2 (Business Account): Approved for VERIFIED, Declined for DECLINED; Pending otherwise. */
export function VerificationBadge({ status }: { status: string }) {
  if (status === 'VERIFIED') return <Badge tone="success">Approved</Badge>;
  if (status === 'DECLINED') return <Badge tone="danger">Declined</Badge>;
  return <Badge tone="warning">Pending</Badge>;
}

/** Where a client's own verification stands: Not submitted → Pending review → Verified / Declined. */
export type ClientVerificationState = 'NOT_SUBMITTED' | 'PENDING_REVIEW' | 'VERIFIED' | 'DECLINED';

export function clientVerificationState(
  status: string,
  requestedAt: string | null | undefined,
): ClientVerificationState {
  if (status === 'VERIFIED') return 'VERIFIED';
  if (status === 'DECLINED') return 'DECLINED';
  return requestedAt ? 'PENDING_REVIEW' : 'NOT_SUBMITTED';
}

const CLIENT_STATE_BADGE = {
  NOT_SUBMITTED: { tone: 'neutral', label: 'Not submitted' },
  PENDING_REVIEW: { tone: 'warning', label: 'Pending review' },
  VERIFIED: { tone: 'success', label: 'Verified' },
  DECLINED: { tone: 'danger', label: 'Declined' },
} as const;

/** The client's side: its verification in the words of its own steps. */
export function ClientVerificationBadge({
  status,
  requestedAt,
}: {
  status: string;
  requestedAt: string | null | undefined;
}) {
  const b = CLIENT_STATE_BADGE[clientVerificationState(status, requestedAt)];
  return <Badge tone={b.tone}>{b.label}</Badge>;
}

export function ClientStatusBadge({ status }: { status: string }) {
  return status === 'ACTIVE' ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Inactive</Badge>;
}

// A corporate client's verification and account status as badges, one look wherever they show:
// the admin's client screens, and the client's own dashboard and profile.
import { Badge } from './ui/badge';

/** Spec §2 (Business Account): Approved for VERIFIED, Declined for DECLINED; Pending otherwise. */
export function VerificationBadge({ status }: { status: string }) {
  if (status === 'VERIFIED') return <Badge tone="success">Approved</Badge>;
  if (status === 'DECLINED') return <Badge tone="danger">Declined</Badge>;
  return <Badge tone="warning">Pending</Badge>;
}

export function ClientStatusBadge({ status }: { status: string }) {
  return status === 'ACTIVE' ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Inactive</Badge>;
}

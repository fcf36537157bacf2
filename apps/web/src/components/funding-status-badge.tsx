// The colour of a funding status (fund requests, card payments, admin fundings), one place for
// the wallet and both funding histories.

import { statusLabel } from '@/lib/labels';
import { Badge, type BadgeTone } from './ui/badge';

const TONES: Record<string, BadgeTone> = {
  APPROVED: 'success',
  SUCCESSFUL: 'success',
  PENDING: 'warning',
  PAID: 'info',
  REVIEW: 'info',
  DECLINED: 'danger',
  FAILED: 'danger',
  CANCELLED: 'neutral',
  EXPIRED: 'neutral',
  REVERSED: 'danger',
};

export function FundingStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? 'neutral'}>{statusLabel(status)}</Badge>;
}

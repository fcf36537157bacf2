// The colour and words of a run's status: the vend's once there is one (SUCCESSFUL, PENDING,
// FAILED, REVERSED), else the run's own (QUEUED, RETRYING, SKIPPED).
import { AUTO_TOPUP_RUN_STATUSES } from '@vendport/shared';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<string, BadgeTone> = {
  SUCCESSFUL: 'success',
  PENDING: 'warning',
  FAILED: 'danger',
  REVERSED: 'info',
  QUEUED: 'neutral',
  RETRYING: 'warning',
  SKIPPED: 'danger',
};

const LABELS: Record<string, string> = {
  SUCCESSFUL: 'Successful',
  PENDING: 'Pending',
  FAILED: 'Failed',
  REVERSED: 'Reversed',
  QUEUED: 'Queued',
  RETRYING: 'Retrying',
  SKIPPED: 'Skipped',
};

export const RUN_STATUS_OPTIONS = AUTO_TOPUP_RUN_STATUSES.map((s) => ({ value: s, label: LABELS[s] ?? s }));

export function RunStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? 'neutral'}>{LABELS[status] ?? status}</Badge>;
}

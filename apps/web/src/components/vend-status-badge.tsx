// The colour of a vend status: SUCCESSFUL green, PENDING amber, FAILED red, REVERSED blue.

import { statusLabel } from '@/lib/labels';
import { Badge, type BadgeTone } from './ui/badge';

const TONES: Record<string, BadgeTone> = {
  SUCCESSFUL: 'success',
  PENDING: 'warning',
  FAILED: 'danger',
  REVERSED: 'info',
};

export function VendStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? 'neutral'}>{statusLabel(status)}</Badge>;
}

/** Test vends are marked wherever they show. */
export function TestModeBadge() {
  return <Badge tone="warning">Test</Badge>;
}

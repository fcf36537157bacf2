// ACTIVE / INACTIVE of services, data plans and VTU lines.
import { Badge } from './ui/badge';

export function ActiveStatusBadge({ status }: { status: string }) {
  return status === 'ACTIVE' ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Inactive</Badge>;
}

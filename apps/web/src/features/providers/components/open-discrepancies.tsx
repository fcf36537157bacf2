// The Providers screen's "open discrepancies" (issue 49): how many late truths and reconciliation
// mismatches wait in the review queue, per provider, each a link to the queue filtered to it.
// Shown to admins who can read vends (the queue's permission); the health figures are the table's.
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { usePermissions } from '@/lib/permissions';
import { useOpenDiscrepancies } from '../api/get-open-discrepancies';

export function OpenDiscrepancies() {
  const { can } = usePermissions();
  const allowed = can('vending.read');
  const open = useOpenDiscrepancies(allowed);
  if (!allowed || !open.data) return null;
  const { total, byProvider } = open.data;
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-4" aria-label="Open discrepancies">
      <div>
        <h2 className="text-base font-semibold text-slate-900">Open discrepancies</h2>
        <p className="text-sm text-slate-500">
          {total === 0
            ? 'None: every provider’s word agrees with our books.'
            : 'Provider answers that contradict a final vend, or reconciliation mismatches, waiting for review.'}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {byProvider.map((p) => (
          <Link
            key={p.provider}
            to={`/admin-dashboard/discrepancies?status=OPEN&provider=${p.provider}`}
            className="rounded-md focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <Badge tone="warning">
              {p.provider}: {p.open}
            </Badge>
          </Link>
        ))}
        <Link
          to="/admin-dashboard/discrepancies?status=OPEN"
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          Review queue ({total})
        </Link>
      </div>
    </Card>
  );
}

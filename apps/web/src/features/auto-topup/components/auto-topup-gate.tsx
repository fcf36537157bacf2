// Auto top-up is switched on per client by the platform (PUT corporate-clients/auto-topup): while
// it is off, the client's auto top-up screens say so plainly instead of their content.
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/lib/session';

export const AUTO_TOPUP_DISABLED =
  'Auto top-up is disabled for your account by the platform. Contact VendPort support to have it enabled.';

export function AutoTopupGate({ title, children }: { title: string; children: ReactNode }) {
  const { user } = useSession();
  if (user?.corporate?.autoTopUpEnabled) return <>{children}</>;
  return (
    <div className="space-y-6">
      <PageHeader title={title} />
      <Alert tone="warning" title="Auto top-up is disabled">
        {AUTO_TOPUP_DISABLED}
      </Alert>
    </div>
  );
}

// The client's account at a glance on its home: company, client type, verification and mode.
import type { ReactNode } from 'react';
import { ClientVerificationBadge } from '@/components/client-badges';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { clientTypeLabel } from '@/lib/labels';
import { useSession } from '@/lib/session';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <div className="mt-1 truncate text-sm font-semibold text-slate-900">{children}</div>
    </div>
  );
}

export function AccountFacts() {
  const corporate = useSession().user?.corporate ?? null;
  if (!corporate) return null;
  return (
    <Card className="grid grid-cols-2 gap-4 px-6 py-4 lg:grid-cols-4">
      <Fact label="Company">{corporate.name}</Fact>
      <Fact label="Client type">{clientTypeLabel(corporate.clientType)}</Fact>
      <Fact label="Verification">
        <ClientVerificationBadge
          status={corporate.verificationStatus}
          requestedAt={corporate.verificationRequestedAt}
        />
      </Fact>
      <Fact label="Mode">
        {corporate.testMode ? <Badge tone="warning">Test mode</Badge> : <Badge tone="success">Live</Badge>}
      </Fact>
    </Card>
  );
}

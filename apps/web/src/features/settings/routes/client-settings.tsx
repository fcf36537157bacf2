// The client's settings: the account mode (live or test, read-only: VendPort switches it), API
// keys, the IP allow-list and the webhook with its delivery log. Each section shows only to the
// users whose role allows it; the server checks again on every call.
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ShieldIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { usePermissions } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { ApiKeysCard } from '../components/api-keys-card';
import { IpAllowlistCard } from '../components/ip-allowlist-card';
import { WebhookCard } from '../components/webhook-card';
import { WebhookDeliveriesCard } from '../components/webhook-deliveries-card';

function ModeCard({ testMode }: { testMode: boolean }) {
  return (
    <Card className="flex flex-wrap items-start gap-4 px-6 py-5">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <ShieldIcon className="h-5 w-5" />
      </span>
      <div className="min-w-0 flex-1" data-testid="account-mode">
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm font-semibold text-slate-900">Account mode</p>
          {testMode ? <Badge tone="warning">Test mode</Badge> : <Badge tone="success">Live</Badge>}
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {testMode
            ? 'Your account is in test mode: every purchase, in the portal or through the API, uses your sandbox wallet and the simulator. Nothing touches live money.'
            : 'Purchases use your wallet and reach the networks. Calls made with your test key still go to the sandbox.'}{' '}
          Test mode is switched on and off by VendPort support.
        </p>
      </div>
    </Card>
  );
}

export default function ClientSettingsRoute() {
  const { user } = useSession();
  const { can } = usePermissions();
  const canManage = can('settings.manage');
  const canRead = can('settings.read') || canManage;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Settings"
        description="Connect your systems to VendPort: API keys, allowed addresses and webhook."
      />
      <ModeCard testMode={user?.corporate?.testMode ?? false} />
      {can('apikey.manage') ? <ApiKeysCard /> : null}
      {canRead ? (
        <>
          <IpAllowlistCard canManage={canManage} />
          <WebhookCard canManage={canManage} />
          <WebhookDeliveriesCard canManage={canManage} />
        </>
      ) : null}
    </div>
  );
}

// The client's settings: the account mode (live or test, switched here when VendPort allows it),
// API keys, the IP allow-list and the webhook with its delivery log. Each section shows only to the
// users whose role allows it; the server checks again on every call.
import { PageHeader } from '@/components/ui/page-header';
import { usePermissions } from '@/lib/permissions';
import { ApiKeysCard } from '../components/api-keys-card';
import { IpAllowlistCard } from '../components/ip-allowlist-card';
import { ModeCard } from '../components/mode-card';
import { WebhookCard } from '../components/webhook-card';
import { WebhookDeliveriesCard } from '../components/webhook-deliveries-card';

export default function ClientSettingsRoute() {
  const { can } = usePermissions();
  const canManage = can('settings.manage');
  const canRead = can('settings.read') || canManage;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Settings"
        description="Connect your systems to VendPort: API keys, allowed addresses and webhook."
      />
      <ModeCard canManage={canManage} />
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

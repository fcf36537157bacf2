// The client's settings, in three tabs: API and webhook (the account mode, API keys, the IP
// allow-list and the webhook with its delivery log), statements and alerts (reconciliation
// settings, the low-balance threshold and the statements), and my notifications. Each section
// shows only to the users whose role allows it; the server checks again on every call.
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs } from '@/components/ui/tabs';
import { usePermissions } from '@/lib/permissions';
import { ApiKeysCard } from '../components/api-keys-card';
import { ApiRateLimitsCard } from '../components/api-rate-limits-card';
import { IpAllowlistCard } from '../components/ip-allowlist-card';
import { ModeCard } from '../components/mode-card';
import { NotificationSetupCard } from '../components/notification-setup-card';
import { ReconciliationCard } from '../components/reconciliation-card';
import { StatementsCard } from '../components/statements-card';
import { WebhookCard } from '../components/webhook-card';
import { WebhookDeliveriesCard } from '../components/webhook-deliveries-card';

const TABS = ['api', 'statements', 'notifications'] as const;
type Tab = (typeof TABS)[number];

export default function ClientSettingsRoute() {
  const { can } = usePermissions();
  const canManage = can('settings.manage');
  const canRead = can('settings.read') || canManage;
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) && (asked === 'notifications' || canRead) ? asked : 'api';
  // Each tab has its own list: the pager's page starts again on a tab change.
  const onTab = (next: Tab) => setParams(next === 'api' ? {} : { tab: next });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Settings"
        description="Connect your systems to VendPort, reconcile your wallet, and choose what you hear about."
      />
      <Tabs
        label="Settings sections"
        value={tab}
        onChange={onTab}
        items={[
          { value: 'api', label: 'API and webhook' },
          ...(canRead ? [{ value: 'statements' as const, label: 'Statements and alerts' }] : []),
          { value: 'notifications', label: 'Notifications' },
        ]}
      />
      {tab === 'api' ? (
        <>
          <ModeCard canManage={canManage} />
          {can('apikey.manage') ? <ApiKeysCard /> : null}
          {can('apikey.manage') ? <ApiRateLimitsCard /> : null}
          {canRead ? (
            <>
              <IpAllowlistCard canManage={canManage} />
              <WebhookCard canManage={canManage} />
              <WebhookDeliveriesCard canManage={canManage} />
            </>
          ) : null}
        </>
      ) : null}
      {tab === 'statements' ? (
        <>
          <ReconciliationCard canManage={canManage} />
          <StatementsCard />
        </>
      ) : null}
      {tab === 'notifications' ? <NotificationSetupCard /> : null}
    </div>
  );
}

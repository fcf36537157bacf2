// The platform's settings (admin): the platform itself (support contact, collection account,
// card fee rule, default thresholds and limits, maintenance banner), the email server, and my
// own notifications, in tabs kept in the URL.
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs } from '@/components/ui/tabs';
import { usePermissions } from '@/lib/permissions';
import { NotificationSetupCard } from '../components/notification-setup-card';
import { PlatformSettingsCard } from '../components/platform-settings-card';
import { SmtpCard } from '../components/smtp-card';

const TABS = ['platform', 'email', 'notifications'] as const;
type Tab = (typeof TABS)[number];

export default function AdminSettingsRoute() {
  const { can } = usePermissions();
  const canManage = can('settings.manage');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = canManage ? (asked && TABS.includes(asked) ? asked : 'platform') : 'notifications';

  return (
    <div className="space-y-6">
      <PageHeader
        title="Settings"
        description="The platform’s own settings, its email server, and the notifications you receive."
      />
      <Tabs
        label="Settings sections"
        value={tab}
        onChange={(next) => setParams(next === 'platform' ? {} : { tab: next })}
        items={[
          ...(canManage
            ? [
                { value: 'platform' as const, label: 'Platform' },
                { value: 'email' as const, label: 'Email (SMTP)' },
              ]
            : []),
          { value: 'notifications', label: 'My notifications' },
        ]}
      />
      {tab === 'platform' ? <PlatformSettingsCard /> : null}
      {tab === 'email' ? <SmtpCard /> : null}
      {tab === 'notifications' ? <NotificationSetupCard /> : null}
    </div>
  );
}

// Auto top-up settings (client): turn it on or off for the company (while the platform allows
// it), the default time, daily and monthly caps and what happens when the wallet is short; with the
// spend against the caps. While the platform has the feature off, the gate says so instead.
import { Link } from 'react-router';
import { QueryError } from '@/components/query-error';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { usePermissions } from '@/lib/permissions';
import { useAutoTopupSettings } from '../api/get-settings';
import { AutoTopupGate } from '../components/auto-topup-gate';
import { SettingsForm } from '../components/settings-form';

function SettingsScreen() {
  const settings = useAutoTopupSettings();
  const { can } = usePermissions();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Auto Top-up Settings"
        description={
          <>
            Scheduled airtime and data for your subscribers, paid from your wallet. Manage who is topped up on{' '}
            <Link
              to="/dashboard/auto-top-up-subscribers"
              className="font-medium text-brand-700 hover:underline"
            >
              Subscribers
            </Link>
            .
          </>
        }
      />
      {settings.isPending ? (
        <Card className="flex items-center justify-center gap-2 px-6 py-12 text-sm text-slate-500">
          <Spinner /> Loading settings
        </Card>
      ) : settings.isError ? (
        <QueryError
          title="Your auto top-up settings could not be loaded."
          onRetry={() => settings.refetch()}
        />
      ) : (
        // Keyed by the saved time so that a save (or another tab's) resets the form to what is stored.
        <SettingsForm
          key={settings.data.updatedAt ?? 'new'}
          settings={settings.data}
          readOnly={!can('autotopup.manage')}
        />
      )}
    </div>
  );
}

export default function AutoTopupSettingsRoute() {
  return (
    <AutoTopupGate title="Auto Top-up Settings">
      <SettingsScreen />
    </AutoTopupGate>
  );
}

// Client home. The account facts come from the signed-in session; the dashboard figures
// (balance, sales, charts) arrive with the wallet and vending issues.
import { VerificationBadge } from '@/components/client-badges';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { BellIcon, SignalIcon, UserIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { lagosHour } from '@/lib/format';
import { clientTypeLabel } from '@/lib/labels';
import { usePermissions } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { greeting, LaterFiguresNote, QuickLink } from '../components';

export default function ClientHomeRoute() {
  const { user } = useSession();
  const { can } = usePermissions();
  const corporate = user?.corporate ?? null;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Dashboard"
        description={`${greeting(lagosHour())}, ${user?.first_name ?? ''}. Here is your business account.`}
      />
      {corporate ? (
        <Card className="grid gap-6 px-6 py-5 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Company</p>
            <p className="mt-1 text-sm font-semibold text-slate-900">{corporate.name}</p>
          </div>
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Client type</p>
            <p className="mt-1 text-sm font-semibold text-slate-900">
              {clientTypeLabel(corporate.clientType)}
            </p>
          </div>
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Verification</p>
            <p className="mt-1">
              <VerificationBadge status={corporate.verificationStatus} />
            </p>
          </div>
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Mode</p>
            <p className="mt-1">
              {corporate.testMode ? (
                <Badge tone="warning">Test mode</Badge>
              ) : (
                <Badge tone="success">Live</Badge>
              )}
            </p>
          </div>
        </Card>
      ) : null}
      <LaterFiguresNote>
        Your wallet balance, today&apos;s sales, commission earned and sales charts will appear here.
      </LaterFiguresNote>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {can('vend') ? (
          <QuickLink
            to="/dashboard/vending-history"
            title="Buy airtime & data"
            description="One number, or many from a CSV file, paid from your wallet."
            icon={<SignalIcon className="h-5 w-5" />}
          />
        ) : null}
        <QuickLink
          to="/dashboard/notification"
          title="Notifications"
          description="Messages about your account and transactions."
          icon={<BellIcon className="h-5 w-5" />}
        />
        <QuickLink
          to="/dashboard/profile"
          title="Profile"
          description="Your details, password and two-factor authentication."
          icon={<UserIcon className="h-5 w-5" />}
        />
      </div>
    </div>
  );
}

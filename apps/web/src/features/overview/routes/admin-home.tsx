// Admin home. Platform figures (funding, sales, clients, VTU float) arrive with the analytics issue.
import { BellIcon, UserIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { lagosHour } from '@/lib/format';
import { useSession } from '@/lib/session';
import { greeting, LaterFiguresNote, QuickLink } from '../components';

export default function AdminHomeRoute() {
  const { user } = useSession();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Dashboard"
        description={`${greeting(lagosHour())}, ${user?.first_name ?? ''}. Platform operations at a glance.`}
      />
      <LaterFiguresNote>
        Total funding, sales by network, active corporate clients, pending fund requests and VTU line balances
        will appear here.
      </LaterFiguresNote>
      <div className="grid gap-4 sm:grid-cols-2">
        <QuickLink
          to="/admin-dashboard/notification"
          title="Notifications"
          description="Events that need an administrator's attention."
          icon={<BellIcon className="h-5 w-5" />}
        />
        <QuickLink
          to="/admin-dashboard/admin-profile"
          title="Profile"
          description="Your details, password and two-factor authentication."
          icon={<UserIcon className="h-5 w-5" />}
        />
      </div>
    </div>
  );
}

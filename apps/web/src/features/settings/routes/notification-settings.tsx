// notification-settings in both areas, opened from the profile menu: the user's own notification
// set-up (spec §7 GET notification-setup/{id}, POST notification-setup), reachable by every user
// whatever their role (Settings is not open to every role; the server keeps each to their own).
import { PageHeader } from '@/components/ui/page-header';
import { NotificationSetupCard } from '../components/notification-setup-card';

export default function NotificationSettingsRoute() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Notification settings"
        description="Choose which events reach you in the app and by email."
      />
      <NotificationSetupCard />
    </div>
  );
}

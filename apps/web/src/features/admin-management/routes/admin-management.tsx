// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function AdminManagementRoute() {
  return (
    <LaterReleaseScreen
      title="Admin Management"
      summary="Team members and their roles: invite people, assign roles, and activate, deactivate or remove access."
    />
  );
}

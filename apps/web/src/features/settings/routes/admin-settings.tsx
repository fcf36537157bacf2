// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function AdminSettingsRoute() {
  return (
    <LaterReleaseScreen
      title="Settings"
      summary="Platform settings: email (SMTP) delivery, notification setup and other operational preferences."
    />
  );
}

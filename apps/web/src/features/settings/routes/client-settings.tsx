// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function ClientSettingsRoute() {
  return (
    <LaterReleaseScreen
      title="Settings"
      summary="Your live and test API keys, IP allow-list, webhook URL, reconciliation statements, test mode and notification preferences."
    />
  );
}

// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function AutoTopupSettingsRoute() {
  return (
    <LaterReleaseScreen
      title="Auto Top-up Settings"
      summary="Turn scheduled airtime and data top-ups on or off and choose how they are funded from your wallet."
    />
  );
}

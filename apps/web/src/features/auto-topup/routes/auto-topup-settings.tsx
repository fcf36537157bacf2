// Placeholder until this screen's issue lands (title and an honest note, no sample data); while the
// platform has auto top-up off for the client, it says so instead.
import { LaterReleaseScreen } from '@/components/later-release';
import { AutoTopupGate } from '../components/auto-topup-gate';

export default function AutoTopupSettingsRoute() {
  return (
    <AutoTopupGate title="Auto Top-up Settings">
      <LaterReleaseScreen
        title="Auto Top-up Settings"
        summary="Turn scheduled airtime and data top-ups on or off and choose how they are funded from your wallet."
      />
    </AutoTopupGate>
  );
}

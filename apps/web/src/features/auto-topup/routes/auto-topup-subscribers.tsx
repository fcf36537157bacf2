// Placeholder until this screen's issue lands (title and an honest note, no sample data); while the
// platform has auto top-up off for the client, it says so instead.
import { LaterReleaseScreen } from '@/components/later-release';
import { AutoTopupGate } from '../components/auto-topup-gate';

export default function AutoTopupSubscribersRoute() {
  return (
    <AutoTopupGate title="Auto Top-up Subscribers">
      <LaterReleaseScreen
        title="Auto Top-up Subscribers"
        summary="The phone numbers that receive scheduled airtime or data, with their network, amount or plan and schedule."
      />
    </AutoTopupGate>
  );
}

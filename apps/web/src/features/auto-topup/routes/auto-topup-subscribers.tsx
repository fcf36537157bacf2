// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function AutoTopupSubscribersRoute() {
  return (
    <LaterReleaseScreen
      title="Auto Top-up Subscribers"
      summary="The phone numbers that receive scheduled airtime or data, with their network, amount or plan and schedule."
    />
  );
}

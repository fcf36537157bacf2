// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function AdminAutoTopupRoute() {
  return (
    <LaterReleaseScreen
      title="Auto Top-up"
      summary="A corporate client’s auto top-up status, subscribers and runs, with the switch to enable or disable the feature."
      showBack
    />
  );
}

// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function VtuConsumptionHistoryRoute() {
  return (
    <LaterReleaseScreen
      title="VTU Consumption History"
      summary="What each VTU line has spent on airtime and data purchases."
    />
  );
}

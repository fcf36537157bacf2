// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function DataPlanManagementRoute() {
  return (
    <LaterReleaseScreen
      title="Data Plan Management"
      summary="The data plan catalogue per network: plan code, size, validity, price and status."
    />
  );
}

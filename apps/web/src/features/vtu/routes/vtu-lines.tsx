// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function VtuLinesRoute() {
  return (
    <LaterReleaseScreen
      title="VTU Lines"
      summary="Dealer SIM lines per network with their float balance, and the actions to add, assign, refresh and fund them."
    />
  );
}

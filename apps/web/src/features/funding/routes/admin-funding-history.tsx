// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function AdminFundingHistoryRoute() {
  return (
    <LaterReleaseScreen
      title="Funding History"
      summary="Fund requests from corporate clients, with approval and decline confirmed by your password, and the funding history of every wallet."
    />
  );
}

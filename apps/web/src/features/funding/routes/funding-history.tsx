// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function FundingHistoryRoute() {
  return (
    <LaterReleaseScreen
      title="Funding History"
      summary="Every credit to your wallet (bank transfers, card payments and admin funding) with filters by date and status."
    />
  );
}

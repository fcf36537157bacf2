// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function VtuFundingHistoryRoute() {
  return <LaterReleaseScreen title="VTU Funding History" summary="Every top-up of a VTU line’s float." />;
}

// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function VendingHistoryRoute() {
  return (
    <LaterReleaseScreen
      title="Vending History"
      summary="Every airtime and data purchase with its network, phone number, amount, commission and status, filterable by date, network and status."
    />
  );
}

// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function AdminVendingHistoryRoute() {
  return (
    <LaterReleaseScreen
      title="Vending History"
      summary="Airtime and data purchases across all corporate clients, with requery and password-confirmed reversal."
    />
  );
}

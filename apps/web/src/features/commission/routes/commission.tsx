// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function CommissionRoute() {
  return (
    <LaterReleaseScreen
      title="Commission"
      summary="Commission earned on each successful purchase, your commission balance and its settlements to your wallet."
    />
  );
}

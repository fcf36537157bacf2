// Placeholder until this screen's issue lands (title and an honest note, no sample data); while the
// platform has auto top-up off for the client, it says so instead.
import { LaterReleaseScreen } from '@/components/later-release';
import { AutoTopupGate } from '../components/auto-topup-gate';

export default function AutoTopupTransactionsRoute() {
  return (
    <AutoTopupGate title="Auto Top-up Transactions">
      <LaterReleaseScreen
        title="Auto Top-up Transactions"
        summary="Every scheduled top-up run with its outcome, amount and subscriber."
      />
    </AutoTopupGate>
  );
}

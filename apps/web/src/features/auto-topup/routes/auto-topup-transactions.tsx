// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function AutoTopupTransactionsRoute() {
  return (
    <LaterReleaseScreen
      title="Auto Top-up Transactions"
      summary="Every scheduled top-up run with its outcome, amount and subscriber."
    />
  );
}

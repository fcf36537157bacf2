// On the wallet: what a reversed card payment left owing, while it is outstanding. Vending is
// suspended until later funding has recovered it (the server takes it from the next credits first).
import { CardReceivablesTable } from '@/components/card-receivables';
import { Alert } from '@/components/ui/alert';
import { formatNaira } from '@/lib/format';
import { useCardReceivables } from '../api/get-card-receivables';

export function CardReceivableAlert() {
  const { data } = useCardReceivables();
  if (!data || data.outstandingKobo <= 0) return null;
  return (
    <Alert tone="error" title={`Vending is suspended: ${formatNaira(data.outstandingKobo)} is owed`}>
      <div className="space-y-3" data-testid="card-receivable-alert">
        <p>
          A card payment credited to your wallet was reversed by the payment gateway (a refund or a
          chargeback), and your wallet could not cover all of it. Fund your wallet: the outstanding amount is
          settled from your next funding first, and vending resumes as soon as it is settled.
        </p>
        <div className="rounded-md bg-white/70 px-3">
          <CardReceivablesTable data={data} />
        </div>
      </div>
    </Alert>
  );
}

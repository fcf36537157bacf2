// Postpaid repayment: a bank transfer to the same funding account that restores the credit line.
import type { WalletBalanceView } from '@vendport/shared';
import { Card, CardHeader } from '@/components/ui/card';
import { formatNaira } from '@/lib/format';
import { FundRequestForm } from './fund-request-form';

export function RepaymentCard({ balance }: { balance: WalletBalanceView }) {
  const used = balance.usedKobo ?? 0;
  return (
    <Card>
      <CardHeader
        title="Repay your credit"
        description={
          used > 0
            ? `You have used ${formatNaira(used)} of your credit line. Transfer the repayment to the funding account, then record it here.`
            : 'You have no credit to repay right now. Repayments restore the credit line once approved.'
        }
      />
      <div className="px-6 py-5">
        <FundRequestForm kind="REPAYMENT" />
      </div>
    </Card>
  );
}

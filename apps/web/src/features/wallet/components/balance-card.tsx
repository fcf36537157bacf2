// The wallet balance (en-NG naira); for credit clients also the limit, what is used and what is
// still available; in test mode, the sandbox wallet that purchases then spend.
import type { WalletBalanceView } from '@vendport/shared';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { WalletIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { Stat } from '@/components/ui/stat';
import { formatNaira } from '@/lib/format';
import { clientTypeLabel } from '@/lib/labels';
import { useSession } from '@/lib/session';

export function BalanceCard({
  balance,
  isPending,
  isError,
  onRetry,
}: {
  balance: WalletBalanceView | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  if (isPending)
    return (
      <Card className="flex justify-center py-12 text-brand-700">
        <Spinner className="h-7 w-7" label="Loading wallet balance" />
      </Card>
    );
  if (isError || !balance)
    return <QueryError title="Your wallet balance could not be loaded." onRetry={onRetry} />;
  const credit = balance.creditLimitKobo !== null;
  return <BalanceFigures balance={balance} credit={credit} />;
}

function BalanceFigures({ balance, credit }: { balance: WalletBalanceView; credit: boolean }) {
  const { user } = useSession();
  const testMode = user?.corporate?.testMode ?? false;
  return (
    <Card className="px-6 py-5">
      <div className="flex flex-wrap items-start justify-between gap-6">
        <div className="flex items-center gap-4">
          <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <WalletIcon className="h-6 w-6" />
          </span>
          <Stat
            label="Wallet balance"
            value={formatNaira(balance.balanceKobo)}
            emphasis
            testId="wallet-balance"
          />
        </div>
        <Badge tone="info">{clientTypeLabel(balance.clientType)}</Badge>
      </div>
      {testMode ? (
        <div className="mt-5 border-t border-slate-100 pt-5" data-testid="sandbox-balance">
          <Stat
            label="Sandbox wallet (test mode)"
            value={formatNaira(balance.sandboxBalanceKobo)}
            hint="What your purchases spend while test mode is on. Add test money in Settings."
          />
        </div>
      ) : null}
      {credit ? (
        <div
          className="mt-5 grid gap-4 border-t border-slate-100 pt-5 sm:grid-cols-3"
          data-testid="credit-terms"
        >
          <Stat label="Credit limit" value={formatNaira(balance.creditLimitKobo ?? 0)} />
          <Stat label="Credit used" value={formatNaira(balance.usedKobo ?? 0)} />
          <Stat
            label="Available to spend"
            value={formatNaira(balance.availableKobo)}
            hint="Balance plus the unused credit line"
          />
        </div>
      ) : null}
    </Card>
  );
}

// The client's wallet: the balance (and credit terms), funding by card with the fee shown before
// paying, its own account number for automatic bank transfers (dedicated account), funding by bank transfer (account details, the request form), postpaid repayment, and
// the open requests with "I have paid". Returning from the card checkout verifies the payment.
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { usePermissions } from '@/lib/permissions';
import { useWalletBalance } from '@/lib/wallet-balance';
import { useDedicatedAccount } from '../api/dedicated-account';
import { BalanceCard } from '../components/balance-card';
import { BankTransferCard } from '../components/bank-transfer-card';
import { CardFundingCard } from '../components/card-funding-card';
import { CardReceivableAlert } from '../components/card-receivable-alert';
import { DedicatedAccountCard } from '../components/dedicated-account-card';
import { EndOfDayBalanceCard } from '../components/end-of-day-balance';
import { PendingRequests } from '../components/pending-requests';
import { RepaymentCard } from '../components/repayment-card';
import { useCardPaymentReturn } from '../components/use-card-payment-return';

export default function WalletRoute() {
  const { can } = usePermissions();
  const canFund = can('wallet.fund');
  // With an account number of its own, transfers credit the wallet without a click: the balance is
  // asked again every 15 s while this screen is open.
  const dedicated = useDedicatedAccount(canFund);
  const balance = useWalletBalance(true, dedicated.data?.account ? 15_000 : undefined);
  const { verifying, outcome, dismiss } = useCardPaymentReturn();
  const credit = balance.data ? balance.data.creditLimitKobo !== null : false;

  return (
    <div className="space-y-6">
      <PageHeader title="Wallet" description="Your balance and the ways to fund it." />

      {verifying ? (
        <Alert tone="info">
          <span className="flex items-center gap-2">
            <Spinner className="h-4 w-4" label="Confirming" /> Confirming your card payment…
          </span>
        </Alert>
      ) : outcome ? (
        <Alert tone={outcome.tone} title={outcome.title}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>{outcome.message}</span>
            <Button variant="link" size="sm" onClick={dismiss}>
              Dismiss
            </Button>
          </div>
        </Alert>
      ) : null}

      <CardReceivableAlert />

      <BalanceCard
        balance={balance.data}
        isPending={balance.isPending}
        isError={balance.isError}
        onRetry={() => balance.refetch()}
      />

      <EndOfDayBalanceCard />

      {canFund ? (
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
          <div className="space-y-6">
            <CardFundingCard />
            {credit && balance.data ? <RepaymentCard balance={balance.data} /> : null}
          </div>
          <div className="space-y-6">
            <DedicatedAccountCard />
            <BankTransferCard />
          </div>
        </div>
      ) : (
        <Alert tone="info" title="Funding is not part of your role.">
          You can see the balance and pending requests; ask your account owner to fund the wallet.
        </Alert>
      )}

      <PendingRequests canConfirm={canFund} />
    </div>
  );
}

import { MONEY_QUERY_ROOTS } from '@/lib/money-queries';
import { walletBalanceKey } from '@/lib/wallet-balance';

export const walletKeys = {
  all: [MONEY_QUERY_ROOTS.wallet] as const,
  balance: walletBalanceKey,
  fundingAccount: () => [...walletKeys.all, 'funding-account'] as const,
  dedicatedAccount: () => [...walletKeys.all, 'dedicated-account'] as const,
  pending: () => [...walletKeys.all, 'pending'] as const,
  receivables: () => [...walletKeys.all, 'card-receivables'] as const,
  cardFee: (amountKobo: number) => [...walletKeys.all, 'card-fee', amountKobo] as const,
};

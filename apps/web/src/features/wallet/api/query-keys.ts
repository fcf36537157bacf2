import { MONEY_QUERY_ROOTS } from '@/lib/money-queries';

export const walletKeys = {
  all: [MONEY_QUERY_ROOTS.wallet] as const,
  balance: () => [...walletKeys.all, 'balance'] as const,
  fundingAccount: () => [...walletKeys.all, 'funding-account'] as const,
  pending: () => [...walletKeys.all, 'pending'] as const,
  cardFee: (amountKobo: number) => [...walletKeys.all, 'card-fee', amountKobo] as const,
};

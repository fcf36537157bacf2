// The query-key roots of everything that shows money. Each feature builds its key factory on its
// root (walletKeys, fundingKeys, clientKeys, vendingKeys, commissionKeys); a money mutation in any
// feature invalidates them all, so balances and histories never show stale figures, without one
// feature importing another.
import type { QueryClient } from '@tanstack/react-query';

export const MONEY_QUERY_ROOTS = {
  wallet: 'wallet',
  funding: 'funding',
  corporateClients: 'corporate-clients',
  vending: 'vending',
  bills: 'bills',
  commissions: 'commissions',
  reports: 'reports',
} as const;

/** Refetch balances, histories and client figures after money moved. */
export function invalidateMoneyQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    Object.values(MONEY_QUERY_ROOTS).map((root) => queryClient.invalidateQueries({ queryKey: [root] })),
  ).then(() => undefined);
}

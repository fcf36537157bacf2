import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardReceivablesView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { walletKeys } from './query-keys';

/** What my wallet owes after reversed card payments; live vending is suspended while any is outstanding. */
export const getCardReceivables = (signal?: AbortSignal) =>
  api.get<ApiSuccess<CardReceivablesView>>('card-receivables', { signal });

export const cardReceivablesQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.receivables(),
    queryFn: ({ signal }) => getCardReceivables(signal),
    select: (res) => res.data,
  });

export const useCardReceivables = () => useQuery(cardReceivablesQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardReceivablesView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { clientKeys } from './query-keys';

/** What one client owes after reversed card payments (refunds, chargebacks). */
export const getClientCardReceivables = (corporateId: string, signal?: AbortSignal) =>
  api.get<ApiSuccess<CardReceivablesView>>(`corporate-clients/${corporateId}/card-receivables`, { signal });

export const clientCardReceivablesQueryOptions = (corporateId: string) =>
  queryOptions({
    queryKey: clientKeys.cardReceivables(corporateId),
    queryFn: ({ signal }) => getClientCardReceivables(corporateId, signal),
    select: (res) => res.data,
  });

export const useClientCardReceivables = (corporateId: string) =>
  useQuery(clientCardReceivablesQueryOptions(corporateId));

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { clientKeys } from './query-keys';

/** Every service, each marked with whether this client is assigned it. */
export const getClientServices = (corporateId: string, signal?: AbortSignal) =>
  api.get<ApiSuccess<ServiceView[]>>('services', { query: { corporateId }, signal });

export const clientServicesQueryOptions = (corporateId: string) =>
  queryOptions({
    queryKey: clientKeys.services(corporateId),
    queryFn: ({ signal }) => getClientServices(corporateId, signal),
    select: (res) => res.data,
  });

export const useClientServices = (corporateId: string, enabled = true) =>
  useQuery({ ...clientServicesQueryOptions(corporateId), enabled });

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VtuLineView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { vtuKeys } from './query-keys';

/** Every VTU line (optionally of one network) with its float by our books and by the provider. */
export const getVtuLines = (network: string | undefined, signal?: AbortSignal) =>
  api.get<ApiSuccess<VtuLineView[]>>('vtu/list', { query: { network }, signal });

export const vtuLinesQueryOptions = (network?: string) =>
  queryOptions({
    queryKey: vtuKeys.lines(network),
    queryFn: ({ signal }) => getVtuLines(network, signal),
    select: (res) => res.data,
  });

export const useVtuLines = (network?: string) => useQuery(vtuLinesQueryOptions(network));

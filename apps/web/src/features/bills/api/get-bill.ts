import { useQuery } from '@tanstack/react-query';
import type { BillView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { billKeys } from './query-keys';

/** Every few seconds while a bill waits for the provider: its token arrives with the requery. */
const PENDING_POLL_MS = 4_000;

/** One of my bills, with its token in full. */
export const getBill = (id: string, signal?: AbortSignal) =>
  api.get<ApiSuccess<BillView>>(`bills/${encodeURIComponent(id)}`, { signal });

/** The bill just paid, read again while it is pending (or successful without its token yet). */
export const useBillFollow = (initial: BillView | null) =>
  useQuery({
    queryKey: billKeys.bill(initial?.id ?? ''),
    queryFn: ({ signal }) => getBill(initial?.id ?? '', signal),
    select: (res) => res.data,
    enabled: !!initial && waiting(initial),
    refetchInterval: (q) => {
      const b = q.state.data?.data;
      return b && !waiting(b) ? false : PENDING_POLL_MS;
    },
  });

/** Still to hear from the provider: pending, or a prepaid meter's token not delivered yet. */
export const waiting = (b: BillView) =>
  b.status === 'PENDING' ||
  (b.status === 'SUCCESSFUL' && b.kind === 'ELECTRICITY' && b.meterType === 'PREPAID' && !b.token);

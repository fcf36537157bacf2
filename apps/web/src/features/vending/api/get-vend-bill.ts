import { useQuery } from '@tanstack/react-query';
import type { AdminBillView, BillView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { vendingKeys } from './query-keys';

/**
 * The bill behind a vend of a bill kind: its token (in full for the client; admins read it masked),
 * units, receipt reference and what else the provider returned.
 */
export const getVendBill = (id: string, area: 'CORPORATE' | 'ADMIN', signal?: AbortSignal) =>
  api.get<ApiSuccess<BillView | AdminBillView>>(
    area === 'ADMIN' ? `admin/bills/${encodeURIComponent(id)}` : `bills/${encodeURIComponent(id)}`,
    { signal },
  );

export const useVendBill = (id: string, area: 'CORPORATE' | 'ADMIN', enabled: boolean) =>
  useQuery({
    queryKey: [...vendingKeys.detail(id), 'bill', area] as const,
    queryFn: ({ signal }) => getVendBill(id, area, signal),
    select: (res) => res.data,
    enabled,
  });

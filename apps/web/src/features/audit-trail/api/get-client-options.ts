// The clients an admin can narrow the trail to (the first 100 by the clients list's order).
import { useQuery } from '@tanstack/react-query';
import type { CorporateClientView, Paginated } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { auditKeys } from './query-keys';

export const useClientOptions = (enabled: boolean) =>
  useQuery({
    queryKey: auditKeys.clients(),
    queryFn: ({ signal }) =>
      api.get<Paginated<CorporateClientView>>('corporate-clients', {
        query: { page: 1, limit: 100 },
        signal,
      }),
    select: (res) => res.data.map((c) => ({ value: c.id, label: c.name || c.email })),
    enabled,
  });

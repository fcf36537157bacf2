import type { QueryClient } from '@tanstack/react-query';
import type { VtuLineView } from '@vendport/shared';
import type { ApiSuccess } from '@/lib/api-client';
import { vtuKeys } from './query-keys';

/** Puts a line the API answered with into every cached list at once, then refetches them. */
export async function applyLine(queryClient: QueryClient, line: VtuLineView | undefined): Promise<void> {
  if (line) {
    queryClient.setQueriesData<ApiSuccess<VtuLineView[]>>({ queryKey: [...vtuKeys.all, 'lines'] }, (old) =>
      old ? { ...old, data: old.data.map((l) => (l.id === line.id ? line : l)) } : old,
    );
  }
  await queryClient.invalidateQueries({ queryKey: vtuKeys.all });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Network, VtuLineView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { vtuKeys } from './query-keys';

export type NewVtuLine = { name: string; network: Network; msisdn: string; publicApi: boolean };

export const addVtuLine = (body: NewVtuLine) => api.post<ApiEnvelope<VtuLineView>>('vtu/add', body);

export function useAddVtuLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addVtuLine,
    onSettled: () => queryClient.invalidateQueries({ queryKey: vtuKeys.all }),
  });
}

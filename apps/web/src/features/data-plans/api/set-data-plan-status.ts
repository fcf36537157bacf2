import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogueStatus, DataPlanView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { dataPlanKeys } from './query-keys';

/** Enables or disables a plan (the API asks for no password here). */
export const setDataPlanStatus = (body: { id: string; status: CatalogueStatus }) =>
  api.put<ApiEnvelope<DataPlanView>>('data-plans/status', body);

export function useSetDataPlanStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDataPlanStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataPlanKeys.all }),
  });
}

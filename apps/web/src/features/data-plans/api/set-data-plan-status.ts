import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogueStatus, DataPlanView } from '@vendport/shared';
import { dataPlanKeys } from '@/lib/api/get-data-plans';
import { type ApiEnvelope, api } from '@/lib/api-client';

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

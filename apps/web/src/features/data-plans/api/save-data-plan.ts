import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataPlanView, Network } from '@vendport/shared';
import { dataPlanKeys } from '@/lib/api/get-data-plans';
import { type ApiEnvelope, api } from '@/lib/api-client';

/** data-plans/add: the price in naira ("1500.00"). */
export type NewDataPlan = {
  network: Network;
  code: string;
  name: string;
  size: string;
  validity: string;
  price: string;
};
/** data-plans/update/{id}: network and code are fixed once a plan exists. */
export type DataPlanChanges = { name: string; size: string; validity: string; price: string };

export const addDataPlan = (body: NewDataPlan) => api.post<ApiEnvelope<DataPlanView>>('data-plans/add', body);

export const updateDataPlan = ({ id, body }: { id: string; body: DataPlanChanges }) =>
  api.put<ApiEnvelope<DataPlanView>>(`data-plans/update/${encodeURIComponent(id)}`, body);

export function useAddDataPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDataPlan,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataPlanKeys.all }),
  });
}

export function useUpdateDataPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDataPlan,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataPlanKeys.all }),
  });
}

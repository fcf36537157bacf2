// The role calls (spec §7 Admin roles): POST roles/create, PUT roles/update, DELETE roles/{id}
// with the acting user's password.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { teamKeys } from './query-keys';

// The team rules travel as 403 FORBIDDEN with words ("You cannot delete the last account owner",
// "System roles cannot be changed"): the screen toasts them instead of leaving for /403.
const handled = { handledCodes: ['FORBIDDEN'] } as const;

export type RoleBody = { name: string; description: string; permissions: string[] };

export const createRole = (body: RoleBody) => api.post<ApiEnvelope<RoleView>>('roles/create', body, handled);
export const updateRole = (body: RoleBody & { id: string }) =>
  api.put<ApiEnvelope<RoleView>>('roles/update', body, handled);
export const deleteRole = ({ id, password }: { id: string; password: string }) =>
  api.delete<ApiEnvelope<null>>(`roles/${id}`, { password }, handled);

function useRoleMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export const useCreateRole = () => useRoleMutation(createRole);
export const useUpdateRole = () => useRoleMutation(updateRole);
export const useDeleteRole = () => useRoleMutation(deleteRole);

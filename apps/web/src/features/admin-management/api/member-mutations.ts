// The team member calls (spec §7 Admin users): POST create, PUT update, PUT activate/{id},
// PUT deactivate/{id}, DELETE delete/{id} and PUT reset-2fa/{id} with the acting user's password.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamMemberView } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { teamKeys } from './query-keys';

// The team rules travel as 403 FORBIDDEN with words ("You cannot delete the last account owner",
// "System roles cannot be changed"): the screen toasts them instead of leaving for /403.
const handled = { handledCodes: ['FORBIDDEN'] } as const;

export type InviteBody = {
  first_name: string;
  last_name: string;
  email: string;
  msisdn?: string;
  roleId: string;
};
export type MemberUpdateBody = {
  id: string;
  first_name?: string;
  last_name?: string;
  msisdn?: string;
  roleId?: string;
};

export const inviteMember = (body: InviteBody) =>
  api.post<ApiEnvelope<TeamMemberView>>('admins/create', body, handled);
export const updateMember = (body: MemberUpdateBody) =>
  api.put<ApiEnvelope<TeamMemberView>>('admins/update', body, handled);
export const setMemberStatus = ({
  id,
  active,
  password,
}: {
  id: string;
  active: boolean;
  password: string;
}) =>
  api.put<ApiEnvelope<TeamMemberView>>(
    `admins/${active ? 'activate' : 'deactivate'}/${id}`,
    { password },
    handled,
  );
export const deleteMember = ({ id, password }: { id: string; password: string }) =>
  api.delete<ApiEnvelope<null>>(`admins/delete/${id}`, { password }, handled);

/** Removes the member's authenticator app: they sign in with emailed codes until they enrol again. */
export const resetMemberTwoFactor = ({ id, password }: { id: string; password: string }) =>
  api.put<ApiEnvelope<TeamMemberView>>(`admins/reset-2fa/${id}`, { password }, handled);

/** Every member change moves role holder counts too: the whole team cache is refreshed. */
function useTeamMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export const useInviteMember = () => useTeamMutation(inviteMember);
export const useUpdateMember = () => useTeamMutation(updateMember);
export const useSetMemberStatus = () => useTeamMutation(setMemberStatus);
export const useDeleteMember = () => useTeamMutation(deleteMember);
export const useResetMemberTwoFactor = () => useTeamMutation(resetMemberTwoFactor);

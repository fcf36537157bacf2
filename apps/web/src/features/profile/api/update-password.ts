import { useMutation } from '@tanstack/react-query';
import type { SessionUser, UpdatePasswordBody } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';

/** A wrong current password is an answer to show, not a lost session. */
export const updatePassword = (body: UpdatePasswordBody) =>
  api.put<ApiEnvelope<{ user: SessionUser }>>('update-password', body, { credentialCheck: true });

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });

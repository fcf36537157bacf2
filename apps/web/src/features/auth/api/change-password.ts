import { useMutation } from '@tanstack/react-query';
import type { SessionUser } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';

export type ChangePasswordInput =
  | { email: string; code: string; new_password: string; confirm_password: string }
  | { current_password: string; new_password: string; confirm_password: string };

/** Reset with an emailed code (signed out), or the forced change of a default password (signed in). */
export const changePassword = (body: ChangePasswordInput) =>
  api.post<ApiEnvelope<{ user: SessionUser } | null>>('change-password', body, { credentialCheck: true });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });

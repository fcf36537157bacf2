import { useMutation } from '@tanstack/react-query';
import type { SessionUser } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';

/** Removes the authenticator app; sign-in codes go back to email. Confirmed with the password. */
export const resetTwoFactor = (body: { password: string }) =>
  api.put<ApiEnvelope<{ user: SessionUser }>>('2fa', body, { credentialCheck: true });

export const useResetTwoFactor = () => useMutation({ mutationFn: resetTwoFactor });

import { useMutation } from '@tanstack/react-query';
import { type ApiEnvelope, api } from '@/lib/api-client';

/** forgot-password answers the same whatever the email, so nobody learns who has an account. */
export const requestPasswordReset = (body: { email: string }) =>
  api.post<ApiEnvelope<unknown>>('forgot-password', body, { credentialCheck: true });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

import { useMutation } from '@tanstack/react-query';
import type { SessionUser } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';

export const verifyEmail = (body: { code: string }) =>
  api.post<ApiEnvelope<{ user: SessionUser }>>('verify-email', body, { credentialCheck: true });

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });

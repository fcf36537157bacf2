import { useMutation } from '@tanstack/react-query';
import type { SessionUser } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';

export const verifyTwoFactor = (body: { code: string }) =>
  api.post<ApiEnvelope<{ user: SessionUser }>>('2fa', body, { credentialCheck: true });

export const useVerifyTwoFactor = () => useMutation({ mutationFn: verifyTwoFactor });

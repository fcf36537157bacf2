import { useMutation } from '@tanstack/react-query';
import type { SessionUser } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';

export const enableTwoFactor = (body: { code: string }) =>
  api.post<ApiEnvelope<{ user: SessionUser }>>('2fa/enable', body, { credentialCheck: true });

export const useEnableTwoFactor = () => useMutation({ mutationFn: enableTwoFactor });

import { useMutation } from '@tanstack/react-query';
import { type ApiEnvelope, api } from '@/lib/api-client';

export type TwoFactorSetup = { secret: string; otpauth_uri: string };

export const setupTwoFactor = () => api.post<ApiEnvelope<TwoFactorSetup>>('2fa/setup');

export const useSetupTwoFactor = () => useMutation({ mutationFn: setupTwoFactor });

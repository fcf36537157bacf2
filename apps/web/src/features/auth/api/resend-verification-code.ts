import { useMutation } from '@tanstack/react-query';
import { type ApiEnvelope, api } from '@/lib/api-client';

export type CodeType = 'EMAIL_VERIFICATION' | 'TWO_FACTOR';

export const resendVerificationCode = (type: CodeType) =>
  api.post<ApiEnvelope<unknown>>('resend-verification-code', { type });

export const useResendVerificationCode = () => useMutation({ mutationFn: resendVerificationCode });

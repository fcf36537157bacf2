import { useMutation } from '@tanstack/react-query';
import type { LoginResponse, RegisterBody } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';

export const register = (body: RegisterBody) =>
  api.post<ApiEnvelope<LoginResponse>>('register', body, { credentialCheck: true });

export const useRegister = () => useMutation({ mutationFn: register });

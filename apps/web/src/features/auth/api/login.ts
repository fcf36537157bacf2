import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';

export type LoginInput = Omit<LoginBody, 'rememberMe'> & { rememberMe: boolean };

export const login = (body: LoginInput) =>
  api.post<ApiEnvelope<LoginResponse>>('login', body, { credentialCheck: true });

export const useLogin = () => useMutation({ mutationFn: login });

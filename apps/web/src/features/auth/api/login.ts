// The login call. A plain function, not a mutation hook: the login page keeps the query client
// out of what it loads (issue 16).
import type { LoginBody, LoginResponse } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';

export type LoginInput = Omit<LoginBody, 'rememberMe'> & { rememberMe: boolean };

export const login = (body: LoginInput) =>
  api.post<ApiEnvelope<LoginResponse>>('login', body, { credentialCheck: true });

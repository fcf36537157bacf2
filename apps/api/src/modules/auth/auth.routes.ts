// The Auth calls of spec §7: register, login, logout, email verification, the second factor,
// passwords, the profile and API keys (onboarding data: clients/lifecycle.routes). One registrar
// per use case; handlers only parse and answer, the rules live in the use-case services
// (sign-in, registration, passwords, two-factor, API keys, profile).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../infra/context';
import { apiKeysRoutes } from './api-keys.routes';
import { passwordsRoutes } from './passwords.routes';
import { profileRoutes } from './profile.routes';
import { registrationRoutes } from './registration.routes';
import { signInRoutes } from './sign-in.routes';
import { twoFactorRoutes } from './two-factor.routes';

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  await registrationRoutes(app, ctx);
  await signInRoutes(app, ctx);
  await profileRoutes(app, ctx);
  await twoFactorRoutes(app, ctx);
  await passwordsRoutes(app, ctx);
  await apiKeysRoutes(app, ctx);
}

// What a service may know about the request it serves: who is calling and from where. Routes
// build it (requestContextOf) and pass it down; services never see a FastifyRequest. Also what a
// route declares for the access plugin (its config) and reads of the caller it resolved (authOf,
// corporateOf, dataScopeOf): the plugin (composition) fills them in, modules only read them.
import type { Area, Permission } from '@vendport/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** The signed-in caller, as the access plugin resolved it for this request. */
export interface AuthContext {
  sessionId: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  area: Area;
  corporateId: string | null;
  roleId: string | null;
  roleName: string | null;
  permissions: string[];
  twoFactorDone: boolean;
}

export interface RequestContext {
  /** The session's caller, or null on public routes and API-key calls. */
  auth: AuthContext | null;
  ip: string;
  userAgent: string | null;
  requestId: string;
  /** The route as `METHOD /path/:param`: what a confirmed action is called in the audit trail. */
  route: string;
}

/** The plain facts of a request that services, audit entries and sign-in throttles use. */
export function requestContextOf(req: FastifyRequest): RequestContext {
  return {
    auth: req.auth ?? null,
    ip: req.ip,
    userAgent: (req.headers['user-agent'] ?? '').slice(0, 300) || null,
    requestId: String(req.id),
    route: `${req.method} ${req.routeOptions.url ?? req.url}`,
  };
}

/** A context for work no request started (jobs, CLIs, seeds). */
export function systemContext(requestId = 'system'): RequestContext {
  return { auth: null, ip: '127.0.0.1', userAgent: null, requestId, route: requestId };
}

export const sessionExpired = () =>
  new AppError('UNAUTHORIZED', 401, 'Your session has expired. Please sign in again.');

/** The signed-in caller; for services behind a non-public route. */
export function callerOf(rc: Pick<RequestContext, 'auth'>): AuthContext {
  if (!rc.auth) throw sessionExpired();
  return rc.auth;
}

/** The caller's corporate id; refuses admins (corporate routes only). */
export function corporateOfCaller(rc: Pick<RequestContext, 'auth'>): string {
  const a = callerOf(rc);
  if (!a.corporateId) throw new AppError('WRONG_AREA', 403, 'This action is not available in your area');
  return a.corporateId;
}

/** `self`: any signed-in user acting on their own data (profile, notifications). Per area, a list
 * means any one of the permissions suffices (e.g. a catalogue read by sellers and by auditors). */
export type RoutePermission =
  | Permission
  | 'self'
  | { ADMIN?: Permission | readonly Permission[]; CORPORATE?: Permission | readonly Permission[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    /** Public routes that use a session when one is presented (change-password). */
    optionalSession?: boolean;
    apiKey?: boolean;
    permission?: RoutePermission;
    /** The session may still be mid sign-in (email not verified, 2FA not done, default password). */
    incomplete?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The caller's session; for use in handlers of non-public routes. */
export function authOf(request: FastifyRequest): AuthContext {
  return callerOf(request);
}

/** The caller's corporate id; throws for admins (corporate routes only). */
export function corporateOf(request: FastifyRequest): string {
  return corporateOfCaller(request);
}

/**
 * Whose data a caller may see: null (every client's) for an admin, the caller's own corporate
 * for a corporate user. Never null for a corporate user: one without a corporate is refused.
 */
export function dataScopeOf(request: FastifyRequest): string | null {
  return authOf(request).area === 'ADMIN' ? null : corporateOf(request);
}

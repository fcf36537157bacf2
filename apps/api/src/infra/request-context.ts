// What a service may know about the request it serves: who is calling and from where. Routes
// build it (requestContextOf) and pass it down; services never see a FastifyRequest.
import type { Area } from '@vendport/shared';
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

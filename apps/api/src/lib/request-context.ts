// What a service may know about the request it serves: who is calling and from where. Routes
// build it (requestContextOf) and pass it down; services never see a FastifyRequest.
import type { Area } from '@vendport/shared';
import type { FastifyRequest } from 'fastify';

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
}

/** The plain facts of a request that services, audit entries and sign-in throttles use. */
export function requestContextOf(req: FastifyRequest): RequestContext {
  return {
    auth: req.auth ?? null,
    ip: req.ip,
    userAgent: (req.headers['user-agent'] ?? '').slice(0, 300) || null,
    requestId: String(req.id),
  };
}

/** A context for work no request started (jobs, CLIs, seeds). */
export function systemContext(requestId = 'system'): RequestContext {
  return { auth: null, ip: '127.0.0.1', userAgent: null, requestId };
}

// Authentication, area, completed 2FA and permission, enforced in one place for every route.
// Each route declares in its config either `public: true`, `apiKey: true` or `permission`.
import { ADMIN_PERMISSIONS, type Area, CORPORATE_PERMISSIONS, type Permission } from '@vendport/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256 } from '../infra/crypto';
import type { Db } from '../infra/db/client';
import { AppError } from '../infra/errors';
import { type AuthContext, sessionExpired } from '../infra/request-context';
import { findOpenSession } from '../modules/auth';

export function areaOfPermission(p: Permission): Area {
  if (p in ADMIN_PERMISSIONS) return 'ADMIN';
  if (p in CORPORATE_PERMISSIONS) return 'CORPORATE';
  throw new Error(`Unknown permission ${p}`);
}

export function describeAccess(config: FastifyRequest['routeOptions']['config']): string | null {
  if (config.public) return 'public';
  if (config.apiKey) return 'apiKey';
  if (config.permission)
    return typeof config.permission === 'string' ? config.permission : JSON.stringify(config.permission);
  return null;
}

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1] : null;
}

export async function loadSession(db: Db, token: string): Promise<AuthContext | null> {
  const r = await findOpenSession(db, sha256(token), new Date());
  if (r?.status !== 'ACTIVE') return null;
  return {
    sessionId: r.sessionId,
    userId: r.userId,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    area: r.area as Area,
    corporateId: r.corporateId,
    roleId: r.roleId,
    roleName: r.roleName,
    permissions: r.permissions ?? [],
    twoFactorDone: r.twoFactorAt !== null,
  };
}

const unauthorized = sessionExpired;

export interface RouteEntry {
  method: string;
  url: string;
  config: FastifyRequest['routeOptions']['config'];
}
const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Every /api route registered on the app, with its access declaration (for the route-table test). */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  return tables.get(app) ?? [];
}

export function registerAccessControl(app: FastifyInstance, db: Db) {
  app.decorateRequest('auth', null);
  const table: RouteEntry[] = [];
  tables.set(app, table);

  app.addHook('onRoute', (route) => {
    const c = route.config as FastifyRequest['routeOptions']['config'] | undefined;
    // Fastify's own HEAD twins and the docs plugin's routes are outside the API's access rules.
    if (route.url.startsWith('/docs') || route.url.startsWith('/api/') === false) return;
    if (!c || describeAccess(c) === null) {
      throw new Error(`Route ${route.method} ${route.url} declares neither public, apiKey nor permission`);
    }
    for (const method of [route.method].flat()) table.push({ method, url: route.url, config: c });
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    if (config.public || config.apiKey) {
      if (config.optionalSession) {
        const token = bearer(request);
        if (token) request.auth = await loadSession(db, token);
      }
      return;
    }
    const token = bearer(request);
    if (!token) throw new AppError('UNAUTHORIZED', 401, 'You are not signed in');
    const auth = await loadSession(db, token);
    if (!auth) throw unauthorized();
    request.auth = auth;
    if (!config.incomplete && !auth.twoFactorDone) {
      throw new AppError('TWO_FACTOR_REQUIRED', 403, 'Complete two-factor authentication first');
    }
    const perm = config.permission;
    if (!perm) throw new Error('route without access declaration');
    if (perm === 'self') return;
    const needed: Permission | readonly Permission[] | undefined =
      typeof perm === 'string' ? perm : perm[auth.area];
    if (!needed || (typeof perm === 'string' && areaOfPermission(perm) !== auth.area)) {
      throw new AppError('WRONG_AREA', 403, 'This action is not available in your area');
    }
    if (![needed].flat().some((p) => auth.permissions.includes(p))) {
      throw new AppError('FORBIDDEN', 403, 'You do not have permission to do this');
    }
  });
}

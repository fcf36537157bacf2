// Test data builders for the web tests.
import type { NotificationView, SessionUser } from '@vendport/shared';

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  const area = overrides.area ?? 'CORPORATE';
  return {
    id: 'usr_1',
    first_name: 'Adaeze',
    last_name: 'Okafor',
    email: 'adaeze@acme.ng',
    msisdn: '+2348031234567',
    area,
    roles: [area, area === 'ADMIN' ? 'Super Admin' : 'Owner'],
    permissions: [],
    defaultPassword: false,
    hasVerifiedEmail: true,
    is2faAuthenticated: true,
    twoFactorMethod: 'EMAIL',
    corporate:
      area === 'CORPORATE'
        ? {
            id: 'corp_1',
            name: 'Acme Telecoms Ltd',
            clientType: 'PREPAID',
            status: 'ACTIVE',
            verificationStatus: 'PENDING',
            testMode: false,
          }
        : null,
    ...overrides,
  };
}

export function makeNotification(overrides: Partial<NotificationView> = {}): NotificationView {
  return {
    id: 'ntf_1',
    userId: 'usr_1',
    subject: 'Fund request approved',
    body: 'Your fund request of NGN 50,000.00 has been approved and your wallet credited.',
    createdAt: '2026-01-05T10:15:00.000Z',
    readAt: null,
    isRead: false,
    ...overrides,
  };
}

type Route = { method?: string; path: string | RegExp; status?: number; body: unknown };

/** A fetch stub answering JSON by method and path; records every call. */
export function stubFetch(routes: Route[]) {
  const calls: { method: string; url: string; body: unknown; headers: Record<string, string> }[] = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined, headers });
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const route = routes.find(
      (r) =>
        (r.method ?? 'GET') === method && (typeof r.path === 'string' ? r.path === path : r.path.test(path)),
    );
    if (!route)
      return new Response(
        JSON.stringify({
          success: false,
          message: `No stub for ${method} ${path}`,
          errors: [],
          code: 'NOT_FOUND',
        }),
        { status: 404, headers: { 'content-type': 'application/json' } },
      );
    return new Response(JSON.stringify(route.body), {
      status: route.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fn, calls };
}

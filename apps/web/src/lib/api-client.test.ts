import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, stubFetch } from '../../test/factories';
import { ApiError, api, buildUrl, setApiNavigator, UnauthorizedError } from './api-client';
import { sessionStore } from './session';

const navigate = vi.fn();

beforeEach(() => {
  setApiNavigator(navigate);
  sessionStore.clear();
});
afterEach(() => {
  sessionStore.clear();
});

function failing(code: string, message = 'Nope', errors: string[] = []) {
  return { success: false, message, errors, code };
}

describe('api client', () => {
  it('[API] calls /api/v1/ with the bearer token of the session', async () => {
    sessionStore.login(makeUser(), 'tok_123', false);
    const stub = stubFetch([
      { path: '/api/v1/me', body: { success: true, message: 'ok', data: { id: 'u' } } },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const res = await api.get<{ data: { id: string } }>('me');
    expect(res.data.id).toBe('u');
    expect(stub.calls[0]?.url).toBe('/api/v1/me');
    expect(stub.calls[0]?.headers.Authorization).toBe('Bearer tok_123');
  });

  it('[API] builds query strings and skips empty values', () => {
    expect(buildUrl('notifications', { page: 2, search: '', status: undefined })).toBe(
      '/api/v1/notifications?page=2',
    );
    expect(buildUrl('/api/v1/health')).toBe('/api/v1/health');
  });

  it('[API] HTTP 401 on an authenticated call clears the session, goes to / and raises Unauthorized', async () => {
    sessionStore.login(makeUser(), 'tok_expired', true);
    vi.stubGlobal(
      'fetch',
      stubFetch([{ path: '/api/v1/me', status: 401, body: failing('UNAUTHORIZED', 'Unauthorized') }]).fn,
    );
    await expect(api.get('me')).rejects.toBeInstanceOf(UnauthorizedError);
    expect(sessionStore.getSnapshot()).toBeNull();
    expect(window.localStorage.length).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('[API] a wrong code on a credential check is an error to show, not a sign-out', async () => {
    sessionStore.login(makeUser({ is2faAuthenticated: false }), 'tok', false);
    vi.stubGlobal(
      'fetch',
      stubFetch([
        {
          method: 'POST',
          path: '/api/v1/2fa',
          status: 401,
          body: failing('INVALID_CODE', 'The code is not valid'),
        },
      ]).fn,
    );
    const error = (await api
      .post('2fa', { code: '000000' }, { credentialCheck: true })
      .catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('The code is not valid');
    expect(sessionStore.getSnapshot()?.token).toBe('tok');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('[API] a wrong password at login (no session) does not redirect', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch([
        {
          method: 'POST',
          path: '/api/v1/login',
          status: 401,
          body: failing('INVALID_CREDENTIALS', 'Invalid email or password'),
        },
      ]).fn,
    );
    await expect(api.post('login', {}, { credentialCheck: true })).rejects.toThrow(
      'Invalid email or password',
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([
    [403, '/403', 'FORBIDDEN'],
    [500, '/500', 'INTERNAL_ERROR'],
    [503, '/503', 'SERVICE_UNAVAILABLE'],
  ])('[API] HTTP %i goes to %s', async (status, to, code) => {
    sessionStore.login(makeUser(), 'tok', false);
    vi.stubGlobal('fetch', stubFetch([{ path: '/api/v1/thing', status, body: failing(code) }]).fn);
    const error = (await api.get('thing').catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(status);
    expect(navigate).toHaveBeenCalledWith(to);
    expect(sessionStore.getSnapshot()).not.toBeNull();
  });

  it('[API] a 403 asking for 2FA first updates the profile so the guard sends the user to /2fa', async () => {
    sessionStore.login(makeUser(), 'tok', false);
    vi.stubGlobal(
      'fetch',
      stubFetch([{ path: '/api/v1/thing', status: 403, body: failing('TWO_FACTOR_REQUIRED') }]).fn,
    );
    await expect(api.get('thing')).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.getSnapshot()?.user.is2faAuthenticated).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('[API] failures carry the errors list of the envelope', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch([
        {
          method: 'PUT',
          path: '/api/v1/profile',
          status: 400,
          body: failing('VALIDATION_ERROR', 'Invalid input', [
            'First name is required',
            'Enter a valid Nigerian phone number',
          ]),
        },
      ]).fn,
    );
    const error = (await api.put('profile', {}).catch((e) => e)) as ApiError;
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.messages).toEqual(['First name is required', 'Enter a valid Nigerian phone number']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('[API] a network failure becomes a readable error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('health')).rejects.toThrow('Could not reach the server');
  });

  it('[API] PUT without a body still sends a JSON object', async () => {
    const stub = stubFetch([
      {
        method: 'PUT',
        path: '/api/v1/notifications/clear',
        body: { success: true, message: 'Cleared', data: null },
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    await api.put('notifications/clear');
    expect(stub.calls[0]?.body).toEqual({});
  });

  it('[API] a refusal code the caller handles is thrown to it instead of leaving for /403 or /503', async () => {
    sessionStore.login(makeUser(), 'tok', false);
    vi.stubGlobal(
      'fetch',
      stubFetch([
        {
          method: 'POST',
          path: '/api/v1/vend',
          status: 403,
          body: failing('SERVICE_UNAVAILABLE', 'MTN airtime is not available on your account'),
        },
        { method: 'POST', path: '/api/v1/other', status: 403, body: failing('FORBIDDEN') },
      ]).fn,
    );
    const error = (await api
      .post('vend', {}, { handledCodes: ['SERVICE_UNAVAILABLE', 'CLIENT_INACTIVE'] })
      .catch((e) => e)) as ApiError;
    expect(error.message).toBe('MTN airtime is not available on your account');
    expect(navigate).not.toHaveBeenCalled();
    // Any other 403 still goes to /403.
    await api.post('other', {}, { handledCodes: ['SERVICE_UNAVAILABLE'] }).catch(() => null);
    expect(navigate).toHaveBeenCalledWith('/403');
  });

  it('[API] sends extra headers such as X-Confirm-Password', async () => {
    sessionStore.login(makeUser(), 'tok', false);
    const stub = stubFetch([{ path: '/api/v1/api-key/copy?mode=TEST', body: { success: true, data: {} } }]);
    vi.stubGlobal('fetch', stub.fn);
    await api.get('api-key/copy', { query: { mode: 'TEST' }, headers: { 'X-Confirm-Password': 'pw' } });
    expect(stub.calls[0]?.headers['X-Confirm-Password']).toBe('pw');
    expect(stub.calls[0]?.headers.Authorization).toBe('Bearer tok');
  });
});

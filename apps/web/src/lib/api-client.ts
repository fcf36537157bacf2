// The one HTTP client (spec §7, §8): base /api/v1/, bearer token from the session, JSON
// envelopes, and the status rules of the error catalogue (401 → sign out to /, 403 → /403,
// 500 → /500, 503 → /503). Per-action toasts stay with the actions that want them.
import type { ErrorCode, SessionUser } from '@vendport/shared';
import { getAccessToken, sessionStore } from './session';

export const API_BASE = '/api/v1/';

export type ApiSuccess<T> = { success: true; message: string; data: T };
/** A 2xx answer may still say success false (spec §8: show its message as an error). */
export type ApiEnvelope<T> = ApiSuccess<T> | { success: false; message: string; data?: T; errors?: string[] };

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | string | undefined;
  readonly errors: string[];
  constructor(status: number, message: string, errors: string[] = [], code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.code = code;
  }
  /** The lines to show: the errors list, or the message when the list is empty. */
  get messages(): string[] {
    return this.errors.length > 0 ? this.errors : [this.message];
  }
}

export class UnauthorizedError extends ApiError {
  constructor(message = 'Unauthorized', errors: string[] = [], code?: string) {
    super(401, message, errors, code);
    this.name = 'UnauthorizedError';
  }
}

type Navigate = (to: string) => void;
let navigate: Navigate = (to) => {
  if (window.location.pathname !== to) window.location.assign(to);
};
/** The router registers its navigate so redirects stay inside the single-page app. */
export function setApiNavigator(fn: Navigate): void {
  navigate = fn;
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /**
   * Calls that check what the user typed (login, 2fa, verify-email, change-password...):
   * their 401/403 answers mean "wrong code or password", so they are returned as errors to
   * show, not treated as an expired session. Only code UNAUTHORIZED (the token itself is no
   * longer valid) still signs the user out.
   */
  credentialCheck?: boolean;
  /**
   * Error codes this call shows itself. Some business refusals travel as 403 or 503 (a vend
   * refused with CLIENT_INACTIVE or SERVICE_UNAVAILABLE): for these codes the error is thrown to
   * the caller, who shows its message, instead of leaving the screen for /403 or /503. A 401
   * still signs the user out.
   */
  handledCodes?: readonly string[];
  /** Extra request headers (e.g. X-Confirm-Password on a password-confirmed read). */
  headers?: Record<string, string>;
};

// 403 codes meaning "finish a sign-in step first": the stored profile is out of date, so it is
// corrected and the route guard takes the user to that step.
const STEP_CODES: Record<string, Partial<SessionUser>> = {
  PASSWORD_CHANGE_REQUIRED: { defaultPassword: true },
  EMAIL_NOT_VERIFIED: { hasVerifiedEmail: false },
  TWO_FACTOR_REQUIRED: { is2faAuthenticated: false },
};

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}${path.replace(/^\/+/, '').replace(/^api\/v1\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function readJson(res: Response): Promise<Record<string, unknown> | null> {
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) return null;
  try {
    return (await res.json()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function errorFrom(status: number, body: Record<string, unknown> | null): ApiError {
  const message =
    typeof body?.message === 'string' && body.message
      ? body.message
      : status === 0
        ? 'Could not reach the server. Check your connection and try again.'
        : `The request failed (HTTP ${status}).`;
  const errors = Array.isArray(body?.errors)
    ? body.errors.filter((e): e is string => typeof e === 'string')
    : [];
  const code = typeof body?.code === 'string' ? body.code : undefined;
  return status === 401
    ? new UnauthorizedError(message, errors, code)
    : new ApiError(status, message, errors, code);
}

/** Applies the status rules of spec §8 to a failed answer, then throws its error. */
function failWith(
  status: number,
  error: ApiError,
  token: string | null,
  credentialCheck: boolean,
  handledCodes: readonly string[] = [],
): never {
  if (status !== 401 && error.code && handledCodes.includes(error.code)) throw error;
  switch (status) {
    case 401: {
      // Only an authenticated call with a live session means the session is over.
      const sessionEnded = !!token && (!credentialCheck || error.code === 'UNAUTHORIZED');
      if (sessionEnded) {
        sessionStore.clear();
        navigate('/');
      }
      throw error;
    }
    case 403: {
      if (credentialCheck) throw error;
      const step = error.code ? STEP_CODES[error.code] : undefined;
      if (step && token) sessionStore.updateProfile(step);
      else navigate('/403');
      throw error;
    }
    case 500:
      navigate('/500');
      throw error;
    case 503:
      navigate('/503');
      throw error;
    default:
      throw error;
  }
}

async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const { method = 'GET', body, query, signal } = options;
  const token = getAccessToken();
  const headers: Record<string, string> = { ...options.headers, Accept: accept };
  // FormData (file uploads) sets its own multipart content type with the boundary.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw errorFrom(0, null);
  }
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = getAccessToken();
  const res = await send(path, options, 'application/json');
  const json = await readJson(res);
  if (res.ok) {
    if (json === null) return undefined as T;
    return json as T;
  }
  return failWith(
    res.status,
    errorFrom(res.status, json),
    token,
    options.credentialCheck ?? false,
    options.handledCodes,
  );
}

export type Download = { blob: Blob; filename: string | null; contentType: string };

function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? null;
}

/**
 * A file the API serves behind the bearer token (CSV exports, proofs of payment): fetched with
 * the session's token, under the same status rules as every other call.
 */
export async function apiDownload(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<Download> {
  const token = getAccessToken();
  const res = await send(path, { ...options, method: 'GET' }, '*/*');
  if (!res.ok) {
    const error = errorFrom(res.status, await readJson(res));
    return failWith(res.status, error, token, options.credentialCheck ?? false, options.handledCodes);
  }
  return {
    blob: await res.blob(),
    filename: filenameOf(res.headers.get('content-disposition')),
    contentType: res.headers.get('content-type') ?? 'application/octet-stream',
  };
}

export const api = {
  get: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'PUT', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'PATCH', body: body ?? {} }),
  delete: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'DELETE', ...(body === undefined ? {} : { body }) }),
};

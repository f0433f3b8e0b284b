/**
 * A small fetch client for the Khedma API (docs/README.md): JSON in and out, cookies included, and
 * every failure turned into an ApiError carrying the HTTP status and the server's error code
 * (`{"error": {"code", "message"}}`). Pages translate codes into copy; they never show `message` raw
 * unless the spec says so.
 */

/** Codes produced on the client side, next to the server's own codes. */
export const CLIENT_ERROR_CODES = {
  /** The request never got an answer (offline, DNS, CORS, server down). status 0. */
  NETWORK: 'NETWORK',
  /** The server answered with an error but not in the contract shape (proxy page, crash). */
  HTTP_ERROR: 'HTTP_ERROR',
  /** The server answered 2xx with a body that is not JSON. */
  BAD_RESPONSE: 'BAD_RESPONSE',
} as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when there was no response. */
    readonly status: number,
    /** The server's error code (e.g. "VALIDATION_ERROR") or one of CLIENT_ERROR_CODES. */
    readonly code: string,
    message: string,
    /** Extra fields the server sent inside `error` (e.g. field issues), untouched. */
    readonly details?: Record<string, unknown>,
    /** Seconds to wait before asking again (the Retry-After header of a 429), when the server said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** Field path -> message of a 400 VALIDATION_FAILED (the server's `error.fields`), or {}. */
  get fields(): Record<string, string> {
    const fields = this.details?.fields;
    if (!fields || typeof fields !== 'object') return {};
    return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  }

  get isNetwork() {
    return this.code === CLIENT_ERROR_CODES.NETWORK;
  }
  get isUnauthorized() {
    return this.status === 401;
  }
  get isForbidden() {
    return this.status === 403;
  }
  get isNotFound() {
    return this.status === 404;
  }
  get isConflict() {
    return this.status === 409;
  }
  get isRateLimited() {
    return this.status === 429;
  }
  /** 4xx: retrying the same request will not help. */
  get isClientError() {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** The i18n key (errors.api.*) of the generic message for an error, for toasts and inline alerts. */
export function apiErrorMessageKey(error: unknown) {
  if (!(error instanceof ApiError)) return 'errors.api.generic' as const;
  if (error.isNetwork) return 'errors.api.network' as const;
  if (error.isUnauthorized) return 'errors.api.unauthorized' as const;
  if (error.isForbidden) return 'errors.api.forbidden' as const;
  if (error.isNotFound) return 'errors.api.notFound' as const;
  if (error.isConflict) return 'errors.api.conflict' as const;
  if (error.isRateLimited) return 'errors.api.rateLimited' as const;
  return 'errors.api.generic' as const;
}

export interface RequestOptions extends Omit<RequestInit, 'body' | 'method'> {
  /** Serialised as JSON, except FormData / Blob / URLSearchParams, which are sent as they are. */
  body?: unknown;
  /** Appended as a query string; undefined and null values are skipped. */
  query?: Record<string, string | number | boolean | null | undefined>;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    body instanceof ArrayBuffer
  );
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text; // not JSON; callers decide what that means
  }
}

function retryAfterOf(headers: Headers | undefined): number | undefined {
  const value = Number(headers?.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined;
}

export function toApiError(status: number, statusText: string, payload: unknown, headers?: Headers): ApiError {
  const retryAfter = retryAfterOf(headers);
  if (payload && typeof payload === 'object' && 'error' in payload) {
    const error = (payload as { error: unknown }).error;
    if (error && typeof error === 'object') {
      const { code, message, ...details } = error as Record<string, unknown>;
      if (typeof code === 'string') {
        return new ApiError(
          status,
          code,
          typeof message === 'string' ? message : statusText,
          Object.keys(details).length ? details : undefined,
          retryAfter,
        );
      }
    }
  }
  return new ApiError(status, CLIENT_ERROR_CODES.HTTP_ERROR, statusText || `HTTP ${status}`, undefined, retryAfter);
}

let fetchImpl: typeof fetch = (input, init) => fetch(input, init);

/** The server render answers the app's catalogue reads in process (apps/server/src/http/pages.ts). */
export function setApiFetch(impl: typeof fetch) {
  fetchImpl = impl;
}

/**
 * Sends a request to the API. `path` is the full path ("/api/bookings"), same origin.
 * Resolves with the parsed JSON body (undefined for 204); rejects with ApiError, or with the
 * AbortError itself when `signal` aborts (TanStack Query relies on that to cancel quietly).
 */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { body, query, headers, ...init } = options;
  const requestHeaders = new Headers(headers);
  requestHeaders.set('Accept', 'application/json');
  let requestBody: BodyInit | undefined;
  if (body !== undefined) {
    if (isRawBody(body)) {
      requestBody = body;
    } else {
      requestHeaders.set('Content-Type', 'application/json');
      requestBody = JSON.stringify(body);
    }
  }

  let response: Response;
  try {
    response = await fetchImpl(buildUrl(path, query), {
      ...init,
      method,
      headers: requestHeaders,
      body: requestBody,
      credentials: 'include',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, CLIENT_ERROR_CODES.NETWORK, error instanceof Error ? error.message : 'Network error');
  }

  const payload = response.status === 204 ? undefined : await readJson(response);
  if (!response.ok) throw toApiError(response.status, response.statusText, payload, response.headers);
  if (typeof payload === 'string') {
    throw new ApiError(response.status, CLIENT_ERROR_CODES.BAD_RESPONSE, 'Expected a JSON response');
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T = void>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};

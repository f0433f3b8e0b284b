import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiErrorMessageKey, isApiError } from './api';

function respond(status: number, body?: unknown, init: ResponseInit = {}) {
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(text, { status, ...init }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON with cookies and parses JSON', async () => {
    const fetchMock = respond(200, { id: 'b1' });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/api/bookings', { a: 1 })).resolves.toEqual({ id: 'b1' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/bookings');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"a":1}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('adds a query string, skipping empty values', async () => {
    const fetchMock = respond(200, []);
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/api/services', { query: { limit: 50, search: undefined, category: 'plumbing' } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/services?limit=50&category=plumbing');
  });

  it('resolves undefined on 204', async () => {
    vi.stubGlobal('fetch', respond(204));
    await expect(api.delete('/api/x')).resolves.toBeUndefined();
  });

  it.each([
    [401, 'UNAUTHENTICATED', 'isUnauthorized'],
    [403, 'FORBIDDEN', 'isForbidden'],
    [404, 'NOT_FOUND', 'isNotFound'],
    [409, 'CONFLICT', 'isConflict'],
    [429, 'RATE_LIMITED', 'isRateLimited'],
  ] as const)('turns a %i error contract into ApiError(%s)', async (status, code, flag) => {
    vi.stubGlobal('fetch', respond(status, { error: { code, message: 'Nope' } }));
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, code, message: 'Nope' });
    expect((error as ApiError)[flag]).toBe(true);
    expect((error as ApiError).isClientError).toBe(true);
    expect(isApiError(error, code)).toBe(true);
  });

  it('keeps extra error fields as details', async () => {
    vi.stubGlobal('fetch', respond(400, { error: { code: 'VALIDATION_ERROR', message: 'Bad', issues: [{ path: 'email' }] } }));
    const error = (await api.post('/api/x', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.details).toEqual({ issues: [{ path: 'email' }] });
  });

  it('maps an error without the contract to HTTP_ERROR', async () => {
    vi.stubGlobal('fetch', respond(502, '<html>Bad gateway</html>', { statusText: 'Bad Gateway' }));
    const error = (await api.get('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 502, code: 'HTTP_ERROR', message: 'Bad Gateway' });
    expect(error.isClientError).toBe(false);
  });

  it('maps a network failure to NETWORK', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }));
    const error = (await api.get('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 0, code: 'NETWORK' });
    expect(error.isNetwork).toBe(true);
    expect(apiErrorMessageKey(error)).toBe('errors.api.network');
  });

  it('lets an abort through untouched', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new DOMException('Aborted', 'AbortError');
    }));
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
  });

  it('rejects a 2xx body that is not JSON', async () => {
    vi.stubGlobal('fetch', respond(200, '<html></html>'));
    await expect(api.get('/api/x')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('gives a message key per status', () => {
    expect(apiErrorMessageKey(new ApiError(429, 'RATE_LIMITED', ''))).toBe('errors.api.rateLimited');
    expect(apiErrorMessageKey(new Error('x'))).toBe('errors.api.generic');
  });
});

import { ApiError } from './lib/api';
import type { FormOutcome } from './lib/form-outcome';

/** The JSON the server writes into a rendered public page for the browser's first render (see main.tsx). */
export const SERVER_STATE_ID = 'khedma-state';

export interface ServerState {
  /** The language the page was rendered in. */
  language: string;
  /** TanStack Query's dehydrated cache: the public catalogue reads the page used. */
  queries: unknown;
  /** The server's answer to a form sent as plain HTML (the contact form), for this page only. */
  form?: FormOutcome;
}

/**
 * An API error in a dehydrated query (a service that does not exist): written as plain JSON by the server
 * render (`errorToJson`) and turned back into an ApiError by the browser before it hydrates (`errorFromJson`).
 */
export function errorToJson(error: ApiError): { status: number; code: string; message: string } {
  return { status: error.status, code: error.code, message: error.message };
}

export function errorFromJson(value: unknown): ApiError | null {
  if (!value || typeof value !== 'object') return null;
  const { status, code, message } = value as { status?: unknown; code?: unknown; message?: unknown };
  return typeof status === 'number' ? new ApiError(status, String(code), String(message)) : null;
}

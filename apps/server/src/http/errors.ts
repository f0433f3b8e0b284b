import { ERROR_CODES, type ErrorCode } from '@khedma/shared';

/** An error a service throws on purpose; the error handler turns it into the error contract. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    status?: number,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = status ?? ERROR_CODES[code];
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Please sign in to continue.') => new AppError('UNAUTHENTICATED', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('VALIDATION_FAILED', message, fields);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(code, message);

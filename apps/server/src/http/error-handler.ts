import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { VALIDATION_MESSAGES, type ErrorBody, type ErrorCode } from '@khedma/shared';
import { invalidInputKind, isConnectionError } from '../db/errors';
import { AppError } from './errors';
import { applySecurityHeaders, securityHeaderLines, type SecurityHeaders } from './security-headers';

function send(reply: FastifyReply, status: number, code: ErrorCode, message: string, fields?: Record<string, string>) {
  const body: ErrorBody = { error: { code, message, ...(fields && Object.keys(fields).length ? { fields } : {}) } };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own client-error codes mapped onto the error contract. */
const FASTIFY_CODES: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'INVALID_JSON', 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'INVALID_JSON', 'The request body is empty but JSON was declared.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'This content type is not supported.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'VALIDATION_FAILED', 'The content length does not match the body.'],
  FST_REQ_FILE_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'The file is too large.'],
  FST_FILES_LIMIT: [413, 'PAYLOAD_TOO_LARGE', 'Too many files.'],
  FST_PARTS_LIMIT: [413, 'PAYLOAD_TOO_LARGE', 'Too many parts.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'A multipart form was expected.'],
  FST_ERR_VALIDATION: [400, 'VALIDATION_FAILED', 'The request is not valid.'],
};

/**
 * Every error leaves as `{"error":{"code","message"}}`. Expected errors keep their status;
 * anything unexpected is logged with the request id and answered 500 without detail.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return send(reply, err.status, err.code, err.message, err.fields);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const p = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (issue.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue?.path?.join('.') || '';
        const key = p || (err.validationContext ?? 'body');
        if (!fields[key]) fields[key] = issue.message ?? 'Invalid value';
      }
      return send(reply, 400, 'VALIDATION_FAILED', firstMessage(fields) ?? 'The request is not valid.', fields);
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, reqId: req.id }, 'response did not match its schema');
      return send(reply, 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
    }
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) return send(reply, known[0], known[1], known[2]);
    // Defence in depth behind the shared schemas: a value PostgreSQL refuses (a NUL byte in text, "abc"
    // for a uuid) is the client's input, not our fault. Logged all the same: a schema let it through.
    const badInput = invalidInputKind(err);
    if (badInput) {
      req.log.warn({ err, reqId: req.id }, 'the database refused a value of the request');
      return send(reply, 400, 'VALIDATION_FAILED', badInput === 'text' ? VALIDATION_MESSAGES.controlCharacters : 'The request is not valid.');
    }
    // The database dropped or refused the connection (db/connections.ts already retried what was safe).
    if (isConnectionError(err)) {
      req.log.warn({ err, reqId: req.id }, 'database connection lost');
      reply.header('retry-after', '1');
      return send(reply, 503, 'UNAVAILABLE', 'The service is briefly unavailable. Please try again.');
    }
    if (err.statusCode === 429) {
      return send(reply, 429, 'RATE_LIMITED', 'Too many requests. Please wait a moment and try again.');
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const code: ErrorCode =
        err.statusCode === 404 ? 'NOT_FOUND' : err.statusCode === 401 ? 'UNAUTHENTICATED' : err.statusCode === 403 ? 'FORBIDDEN' : err.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : err.statusCode === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'VALIDATION_FAILED';
      return send(reply, err.statusCode, code, 'The request could not be processed.');
    }
    req.log.error({ err, reqId: req.id }, 'unexpected error');
    return send(reply, 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
  });
}

function firstMessage(fields: Record<string, string>) {
  const [k, v] = Object.entries(fields)[0] ?? [];
  return k === undefined ? undefined : v;
}

export function sendError(reply: FastifyReply, status: number, code: ErrorCode, message: string) {
  return send(reply, status, code, message);
}

const BAD_URL_MESSAGE = 'The address of the request is not valid.';

/**
 * Fastify's `frameworkErrors`: errors met while routing (a path that does not decode, such as
 * /api/services/%ZZ; a path parameter over 100 characters), answered before any hook runs, so without
 * this neither the error contract nor the security headers. Both are added here.
 */
export function frameworkErrorHandler(headers: SecurityHeaders): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (error, req, reply) => {
    applySecurityHeaders(reply.raw, headers);
    reply.header('x-request-id', req.id);
    if (error.code === 'FST_ERR_BAD_URL') return send(reply, 400, 'VALIDATION_FAILED', BAD_URL_MESSAGE);
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, 414, 'URI_TOO_LONG', 'The address of the request is too long.');
    req.log.error({ err: error, reqId: req.id }, 'routing failed');
    return send(reply, 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
  };
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused (headers over 16 KB, a control
 * byte in a header, a malformed request line) or a client too slow to send one. There is no request
 * and no reply, only the socket: the answer is written whole, in the error contract, with the security
 * headers, and the connection closed (as Node and Fastify do).
 */
export function clientErrorHandler(headers: SecurityHeaders) {
  const lines = securityHeaderLines(headers);
  return function onClientError(this: FastifyInstance, err: Error & { code?: string }, socket: Socket): void {
    // A reset connection is already gone: nothing to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, code, message]: [number, ErrorCode, string] =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive.']
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'HEADERS_TOO_LARGE', 'The address or the headers of the request are too large.']
          : [400, 'VALIDATION_FAILED', 'The request could not be read.'];
    this.log.debug({ err }, 'client error');
    if (socket.writable) {
      const body = JSON.stringify({ error: { code, message } } satisfies ErrorBody);
      socket.write(
        [
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
          ...lines,
          'Content-Type: application/json; charset=utf-8',
          `Content-Length: ${Buffer.byteLength(body)}`,
          'Connection: close',
          '',
          body,
        ].join('\r\n'),
      );
    }
    socket.destroy(err);
  };
}

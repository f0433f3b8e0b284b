/**
 * PostgreSQL errors by SQLSTATE, whatever wraps them (drizzle's DrizzleQueryError, better-auth's
 * adapter): the driver's error is somewhere down the `cause` chain.
 */

/** The codes (SQLSTATEs among them) along an error's `cause` chain, outermost first. */
function* codes(err: unknown): Generator<string> {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string') yield e.code;
  }
}

/**
 * SQLSTATEs that say a value sent by the client cannot be stored or compared, not that the server
 * failed: the answer is 400. Bad text first (PostgreSQL refuses U+0000 in text whatever the encoding).
 */
const TEXT_INPUT_STATES = new Set([
  '22021', // character_not_in_repertoire: "invalid byte sequence for encoding UTF8: 0x00"
  '22P05', // untranslatable_character: no equivalent in the server encoding
]);
const OTHER_INPUT_STATES = new Set([
  '22001', // string_data_right_truncation: longer than the column allows
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22019', // invalid_escape_character
  '22025', // invalid_escape_sequence (LIKE)
  '2201B', // invalid_regular_expression
  '22P02', // invalid_text_representation: "abc" as a uuid or a number
]);

/** What kind of client input a database error reveals: 'text' (characters), 'value', or null (a server fault). */
export function invalidInputKind(err: unknown): 'text' | 'value' | null {
  for (const code of codes(err)) {
    if (TEXT_INPUT_STATES.has(code)) return 'text';
    if (OTHER_INPUT_STATES.has(code)) return 'value';
  }
  return null;
}

/**
 * SQLSTATEs saying the server ended the session (admin_shutdown from `pg_terminate_backend` or a
 * restart, crash_shutdown, cannot_connect_now): the statement was rolled back with its session, so
 * running it again on another connection is safe.
 */
const TERMINATION_STATES = new Set(['57P01', '57P02', '57P03']);
/** node-postgres's words for a client whose connection is already known dead (nothing was sent). */
const NOT_SENT_MESSAGES = ['Client has encountered a connection error and is not queryable', 'Client was closed and is not queryable'];

export function isRetryableTermination(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && TERMINATION_STATES.has(e.code)) return true;
    if (typeof e.message === 'string' && NOT_SENT_MESSAGES.some((m) => (e.message as string).includes(m))) return true;
  }
  return false;
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Connection ended unexpectedly',
  // node-postgres's query_timeout (DB_QUERY_TIMEOUT_MS): no answer in time, the connection is presumed gone.
  'Query read timeout',
];

/**
 * The database could not be reached or dropped the connection (class 08, a termination, a socket
 * error): the server is briefly unable to answer, not wrong, so the answer is 503, never 500.
 */
export function isConnectionError(err: unknown): boolean {
  if (isRetryableTermination(err)) return true;
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && (e.code.startsWith('08') || CONNECTION_CODES.has(e.code))) return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.some((m) => (e.message as string).includes(m))) return true;
  }
  return false;
}

/** No answer within a bound (DB_QUERY_TIMEOUT_MS or DB_CONNECT_TIMEOUT_MS), as opposed to a refused or reset connection. */
export function isTimeout(err: unknown): boolean {
  for (let e = err as { message?: unknown; cause?: unknown } | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.message === 'string' && /Query read timeout|timeout exceeded when trying to connect|connection timeout/i.test(e.message)) return true;
  }
  return false;
}

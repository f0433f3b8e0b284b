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

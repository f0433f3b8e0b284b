/**
 * The part of negotiator 1.x (jshttp) the server uses. @types/negotiator describes 0.6, without the
 * `preferred` option that breaks ties between equally acceptable codings in our order.
 */
declare module 'negotiator' {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The most preferred of `available` (RFC 9110 q-values, `*`, q=0 refusals), or undefined when none is acceptable. */
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
}

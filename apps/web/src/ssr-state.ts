/** The JSON the server writes into a rendered public page for the browser's first render (see main.tsx). */
export const SERVER_STATE_ID = 'khedma-state';

export interface ServerState {
  /** The language the page was rendered in. */
  language: string;
  /** TanStack Query's dehydrated cache: the public catalogue reads the page used. */
  queries: unknown;
}

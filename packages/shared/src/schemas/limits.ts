/** Sizes of the public read API (docs/README.md: service search limit 50). */
export const LIMITS_SEARCH = { queryMax: 100, serviceResults: 50 } as const;

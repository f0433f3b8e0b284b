/** Sizes of the public read API (SPEC §9: service search limit 50). */
export const LIMITS_SEARCH = { queryMax: 100, serviceResults: 50 } as const;

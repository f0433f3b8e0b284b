/** The whole database schema; client.ts passes this module to Drizzle. */
export * from './tables';
export type * from './types';

/** The whole database schema; client.ts passes this module to Drizzle. */
export * from './auth';
export * from './profiles';
export * from './geo';
export * from './catalog';
export * from './professionals';
export * from './applications';
export * from './bookings';
export * from './payments';
export * from './billing';
export * from './messaging';
export * from './reviews';
export * from './recurring';
export * from './system';
export * from './realtime';
export * from './time';
export * from './relations';
export type * from './types';

// The test helpers moved to apps/server/src/test/helpers.ts (one place for every module's tests).
export * from '../../test/helpers';

/** `@khedma/shared/realtime`: the realtime contract, one file per capability in ./realtime/. */
export * from './realtime/index';

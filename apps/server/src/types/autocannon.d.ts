// The part of autocannon (a dev dependency, without types of its own) the shutdown test uses.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
  }
  interface Instance extends PromiseLike<unknown> {
    stop(): void;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}

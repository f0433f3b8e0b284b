import { benchCatalog } from './catalog.bench';

/**
 * `npm run bench:catalog`: only the catalogue endpoints against a bare node:http server answering the
 * same bytes in the same run (32 connections), for iterating on the request path (issue 23: ratio at
 * least 0.8, p99 at most 20 ms).
 */
const figures = await benchCatalog('pglite', 3205);
console.table(
  figures.endpoints.map((c) => ({
    endpoint: c.endpoint.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, '{id}'),
    bytes: c.bytes,
    'req/s': c.khedma.requestsPerSecond,
    'p50 ms': c.khedma.p50,
    'p99 ms': c.khedma.p99,
    'bare req/s': c.bare.requestsPerSecond,
    'bare p99 ms': c.bare.p99,
    ratio: c.ratio,
    errors: c.khedma.errors + c.khedma.non2xx,
  })),
);

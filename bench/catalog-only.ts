import os from 'node:os';
import { benchCatalog } from './catalog.bench';

/**
 * `npm run bench:catalog`: only the catalogue endpoints against bare node:http servers sending the same
 * bytes, and the same body with three headers, in the same run (32 connections; rounds with the three
 * taking turns to go first, BENCH_CATALOG_ROUNDS), for
 * iterating on the request path (issue 23: ratio at least 0.8, p99 at most 20 ms). Prints each round and
 * the host's load average beside the figures. `BENCH_CATALOG_ONLY=pages`: the compressed list and the service
 * and category pages (issue 40) alone.
 */
const only = process.env.BENCH_CATALOG_ONLY === 'pages' ? 'pages' : undefined; // issue 40's endpoints alone
const figures = await benchCatalog('pglite', Number(process.env.BENCH_CATALOG_PORT ?? 3205), {}, undefined, only);
const short = (endpoint: string) => endpoint.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, '{id}');
console.table(
  figures.endpoints.map((c) => ({
    endpoint: short(c.endpoint),
    coding: c.contentEncoding ?? '-',
    bytes: c.bytes,
    'headers (khedma/bare)': c.headers ? `${c.headers.khedma.count} (${c.headers.khedma.bytes} B) / ${c.headers.bare.count} (${c.headers.bare.bytes} B)` : '',
    'req/s': c.khedma.requestsPerSecond,
    'p50 ms': c.khedma.p50,
    'p99 ms': c.khedma.p99,
    'same bytes req/s': c.bareWithHeaders?.requestsPerSecond ?? '',
    'median ratio': c.sameBytesRatio ?? '',
    '3 headers req/s': c.bare.requestsPerSecond,
    'ratio to 3 headers': c.ratio,
    'rounds (ratio, to 3 headers, p99)': (c.rounds ?? []).map((r) => `${r.sameBytesRatio} ${r.ratio} ${r.khedma.p99}ms`).join(', '),
    'CPU µs/req (khedma, same bytes)': c.cpuUs ? `${c.cpuUs.khedma ?? '?'}, ${c.cpuUs.sameBytes ?? '?'}` : '-',
    // The server's CPU with no request (ms/s), which each round's CPU per request carries divided by its rate.
    'idle CPU ms/s': c.idleCpuMsPerSecond ?? '-',
    'load avg': c.loadAverage?.join(' → ') ?? '',
    errors: c.khedma.errors + c.khedma.non2xx,
  })),
);
console.log(`bare server in the ${figures.endpoints[0]?.bareIn ?? 'bench process'}; ${os.cpus().length} cores`);

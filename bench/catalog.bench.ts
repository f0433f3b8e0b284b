import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { load, startServer, type LoadResult } from './lib';

export interface EndpointFigures {
  endpoint: string;
  bytes: number;
  khedma: LoadResult;
  bare: LoadResult;
  ratio: number;
}

export interface CatalogFigures {
  engine: string;
  /** The catalogue list, the first of `endpoints` (the figure bench/README.md has tracked since issue 4). */
  endpoint: string;
  bytes: number;
  khedma: LoadResult;
  bare: LoadResult;
  ratio: number;
  /** Every catalogue and service endpoint measured. */
  endpoints: EndpointFigures[];
}

/**
 * The catalogue and service endpoints (the list, one service, the categories, the cities) each against a
 * bare node:http server that answers the same bytes with the same headers that matter, measured in the
 * same run with the same load (32 connections), so the ratio says what the framework and our code cost
 * (issue 23: at least 0.8, p99 at most 20 ms). The bare server runs in this process, like autocannon.
 */
export async function benchCatalog(engine: 'pglite' | 'postgres', port: number, env: Record<string, string> = {}, duration = 6): Promise<CatalogFigures> {
  const server = await startServer(port, env);
  try {
    const services = (await (await fetch(`${server.url}/api/services`)).json()) as Array<{ id: string }>;
    const paths = ['/api/services', `/api/services/${services[0]!.id}`, '/api/categories', '/api/cities'];
    const endpoints: EndpointFigures[] = [];
    for (const endpoint of paths) endpoints.push(await benchEndpoint(server.url, endpoint, duration));
    const first = endpoints[0]!;
    return { engine, endpoint: first.endpoint, bytes: first.bytes, khedma: first.khedma, bare: first.bare, ratio: first.ratio, endpoints };
  } finally {
    await server.stop();
  }
}

async function benchEndpoint(origin: string, endpoint: string, duration: number): Promise<EndpointFigures> {
  const res = await fetch(`${origin}${endpoint}`);
  const body = Buffer.from(await res.arrayBuffer());
  const contentType = res.headers.get('content-type') ?? 'application/json';
  const etag = res.headers.get('etag') ?? '';
  const bare = http.createServer((_req, r) => {
    r.writeHead(200, { 'content-type': contentType, 'content-length': body.length, etag });
    r.end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const barePort = (bare.address() as AddressInfo).port;
  try {
    // Warm both, then measure.
    await load(`${origin}${endpoint}`, { duration: 2 });
    const khedma = await load(`${origin}${endpoint}`, { duration });
    await load(`http://127.0.0.1:${barePort}/`, { duration: 2 });
    const bareResult = await load(`http://127.0.0.1:${barePort}/`, { duration });
    return { endpoint, bytes: body.length, khedma, bare: bareResult, ratio: +(khedma.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2) };
  } finally {
    bare.close();
  }
}

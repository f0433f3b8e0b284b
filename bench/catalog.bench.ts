import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { load, startServer, type LoadResult } from './lib';

export interface CatalogFigures {
  engine: string;
  endpoint: string;
  bytes: number;
  khedma: LoadResult;
  bare: LoadResult;
  ratio: number;
}

/**
 * The catalogue list against a bare node:http server that answers the same bytes, measured in the
 * same run with the same load, so the ratio says what the framework and our code cost.
 */
export async function benchCatalog(engine: 'pglite' | 'postgres', port: number, env: Record<string, string> = {}): Promise<CatalogFigures> {
  const server = await startServer(port, env);
  try {
    const endpoint = '/api/services';
    const res = await fetch(`${server.url}${endpoint}`);
    const body = Buffer.from(await res.arrayBuffer());
    const contentType = res.headers.get('content-type') ?? 'application/json';
    const etag = res.headers.get('etag') ?? '';
    const bare = http.createServer((_req, r) => {
      r.writeHead(200, { 'content-type': contentType, 'content-length': body.length, etag });
      r.end(body);
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const barePort = (bare.address() as AddressInfo).port;
    // Warm both, then measure.
    await load(`${server.url}${endpoint}`, { duration: 2 });
    const khedma = await load(`${server.url}${endpoint}`);
    await load(`http://127.0.0.1:${barePort}/`, { duration: 2 });
    const bareResult = await load(`http://127.0.0.1:${barePort}/`);
    bare.close();
    return { engine, endpoint, bytes: body.length, khedma, bare: bareResult, ratio: +(khedma.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2) };
  } finally {
    await server.stop();
  }
}

/**
 * The booking map's tiles (issue 42, docs/bookings.md "Address").
 * - GET /api/map: where the map takes its tiles from and whose they are, read by the web app at run time,
 *   so that one build serves every environment (the server's MAP_TILE_URL is the one source).
 * - GET /__map-tiles/{z}/{x}/{y}.png, outside production when MAP_TILE_URL is unset: a local tile
 *   simulator. A plain street-map-coloured square with a faint grid, the same for every tile, so that the
 *   map works on a machine without the internet (npm start, the journeys) and never asks a third party.
 *   Production without MAP_TILE_URL uses OpenStreetMap's own tile server (config.ts).
 */
import { deflateSync } from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mapConfigSchema } from '@khedma/shared';
import { publicRoute } from '../http/openapi';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A 256 × 256 palette PNG: a light land colour, grid lines every 64 px (a few hundred bytes). */
export function simulatorTile(): Buffer {
  const size = 256;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 3; // palette
  const palette = Buffer.from([0xf2, 0xef, 0xe9, 0xdd, 0xd8, 0xcf]);
  const rows = Buffer.alloc((size + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size + 1);
    rows[row] = 0; // no filter
    for (let x = 0; x < size; x++) rows[row + 1 + x] = x % 64 === 0 || y % 64 === 0 ? 1 : 0;
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', palette),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function mapTilesPlugin(config: { tileUrl: string; attribution: string; simulator: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/map',
      {
        schema: {
          tags: ['system'],
          summary: "The booking map's tile server",
          description: 'The URL template ({z}/{x}/{y}) the address map loads its tiles from, and the attribution it must show.',
          security: publicRoute,
          response: { 200: mapConfigSchema },
        },
      },
      async (_req, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return { tileUrl: config.tileUrl, attribution: config.attribution };
      },
    );
    if (!config.simulator) return;
    const tile = simulatorTile();
    app.get('/__map-tiles/:z/:x/:y', { schema: { hide: true } }, async (req, reply) => {
      const { z = '', x = '', y = '' } = req.params as Partial<Record<'z' | 'x' | 'y', string>>;
      if (![z, x, y.replace(/\.png$/, '')].every((v) => /^\d{1,7}$/.test(v))) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'No such tile.' } });
      return reply.header('cache-control', 'public, max-age=86400').type('image/png').send(tile);
    });
  };
}

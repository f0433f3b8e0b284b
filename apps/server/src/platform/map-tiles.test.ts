import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../config';
import { helmetOptions } from '../http/security-headers';
import { startApp, type TestApp } from '../test/helpers';

const PROD = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'x'.repeat(40),
  PUBLIC_URL: 'https://khedma.ma',
  ALLOW_UNREAL_PROVIDERS: 'payments,smtp,sms,whatsapp',
  ...{ COMPANY_NAME: 'Khedma SARL', COMPANY_ADDRESS: '12 rue Example, Casablanca', COMPANY_ICE: '001234567000089', COMPANY_IF: '12345678', COMPANY_RC: 'Casablanca 123456' },
};

describe("the booking map's tiles (issue 42)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => t?.close());

  it('outside production: GET /api/map names the local simulator, which serves a real 256 px PNG tile', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/map' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tileUrl: '/__map-tiles/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' });
    const tile = await t.app.inject({ method: 'GET', url: '/__map-tiles/12/1985/1654.png' });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/png');
    const meta = await sharp(tile.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256]);
    expect((await t.app.inject({ method: 'GET', url: '/__map-tiles/12/x/1.png' })).statusCode).toBe(404);
  });

  it('a configured tile server is what the app is told, and the only other origin images may come from', () => {
    const c = configFromEnv({ MAP_TILE_URL: 'https://tiles.example.ma/{z}/{x}/{y}.png' });
    expect(c.mapTiles).toMatchObject({ tileUrl: 'https://tiles.example.ma/{z}/{x}/{y}.png', simulator: false });
    expect(helmetOptions(c).contentSecurityPolicy).toMatchObject({ directives: { imgSrc: expect.arrayContaining(['https://tiles.example.ma']) } });
    // The simulator is on this site: no other origin.
    const local = configFromEnv({});
    expect((helmetOptions(local).contentSecurityPolicy as { directives: { imgSrc: string[] } }).directives.imgSrc).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('production never runs the simulator: unset, it is OpenStreetMap\'s tile server', () => {
    expect(configFromEnv(PROD).mapTiles).toEqual({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors', simulator: false });
  });
});

import type { Config } from '../config';

/**
 * The origins a browser may call us from with the session: the REST API's origin checks (better-auth's
 * trustedOrigins and our CSRF check in SessionResolver) and the WebSocket handshake all read this one
 * list, so a page that can sign in can also open the realtime channel. In production: the public site
 * only. Outside production also the same site under its other loopback name (localhost / 127.0.0.1)
 * and the Vite dev server.
 */
export function trustedOrigins(config: Pick<Config, 'publicUrl' | 'isProduction'>): string[] {
  const site = new URL(config.publicUrl);
  const origins = [site.origin];
  if (!config.isProduction) {
    for (const host of ['localhost', '127.0.0.1']) {
      origins.push(`${site.protocol}//${host}${site.port ? `:${site.port}` : ''}`, `http://${host}:5173`);
    }
  }
  return [...new Set(origins)];
}

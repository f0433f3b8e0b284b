import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import fresh from 'fresh';
import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import type { Config } from './config';
import { createContext, type AppContext, type ContextOverrides } from './context';
import type { Database } from './db/client';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling, sendError } from './http/error-handler';
import { openApiTransforms, securitySchemes } from './http/openapi';
import { useJsonBodyParser } from './http/json-body';
import { registerDraining } from './http/shutdown';
import { helmetOptions, registerSecurityHeaders, securityHeaders } from './http/security-headers';
import { pickCoding } from './http/encoding';
import { registerWebApp } from './http/static';
import { PublicAnswers, publicAnswersServer } from './http/public-answers';
import { catalogueQuery, createPageRenderer, injectFetch, NOT_FOUND_PAGE, isPublicPage, pageLanguage, showsBarePage, type PageRenderer } from './http/pages';
import { registerContactForm } from './http/contact-form';
import { trustedOrigins } from './http/origins';
import { LANGUAGE_COOKIE } from '@khedma/shared';
import { createAuthModule } from './modules/auth';
import { createPromosModule } from './modules/promos';
import { createBookingsModule } from './modules/bookings';
import { createCatalogModule } from './modules/catalog';
import { createLatenessModule } from './modules/lateness';
import { createWhatsappModule } from './modules/whatsapp';
import { createChatModule } from './modules/chat';
import { createClaimsModule } from './modules/claims';
import { createAccountModule } from './modules/account';
import { createContactModule } from './modules/contact';
import { createDevModule, OutboxRepository } from './modules/dev';
import { createHealthModule } from './modules/health';
import { createPaymentsModule } from './modules/payments';
import { createAdminModule } from './modules/admin';
import { createApplicationsModule } from './modules/applications';
import { createProfileModule, NotificationPreferencesStore } from './modules/profile';
import { createProsModule } from './modules/pros';
import { createReviewsModule } from './modules/reviews';
import { createRecurringModule } from './modules/recurring';
import { createEarningsModule } from './modules/earnings';
import { createJobQuotesModule } from './modules/job-quotes';
import { createSeoModule } from './modules/seo';
import { createSupportModule } from './modules/support';
import { instancePlugin } from './platform/instance';
import { jobsPlugin } from './platform/jobs';
import { metricsPlugin } from './platform/metrics';
import { realtimePlugin } from './platform/realtime';
import { CmiSimulator, cmiSimulatorPlugin } from './platform/cmi-simulator';
import { whatsappSimulatorPlugin } from './platform/whatsapp-simulator';
import { mapTilesPlugin } from './platform/map-tiles';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Public catalogue answers sent before Fastify once it has answered their URL (http/public-answers.ts). */
    publicAnswers: PublicAnswers;
  }
}

/** Fastify's own default, set on the server that http/public-answers.ts makes for it. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

export interface BuildAppOptions extends ContextOverrides {
  config: Config;
  database: Database;
  /** Extra routes (tests register probes such as a route that throws). */
  plugins?: FastifyPluginAsync[];
}

const REQUEST_ID_RE = /^[A-Za-z0-9._-]{8,128}$/;
/** The web app's development pages (the outbox's /dev/mailbox), whatever the case. */
const DEV_PAGE = /^\/dev(?:\/|$)/i;

/**
 * The capabilities, built in order: each factory is handed the modules whose services it uses, so one
 * cannot be built before what it needs (the compiler says so). Their plugins are registered in this
 * order. Adding a capability is one line here (docs/adding-a-capability.md).
 */
async function composeModules(ctx: AppContext, { publicAnswers }: { publicAnswers: PublicAnswers }) {
  const health = createHealthModule(ctx); // GET /api/health
  const profile = createProfileModule(ctx); // /api/me, /api/profile, avatars and signed files, notification choices
  const auth = await createAuthModule(ctx, { preferences: profile.preferences }); // accounts and sessions: request.user, /api/auth/*, /api/accounts/*
  const catalog = createCatalogModule(ctx, { publicAnswers }); // /api/catalog/*, the reference facts prices are made from
  const seo = createSeoModule(ctx, { catalog }); // sitemap.xml, robots.txt
  const contact = createContactModule(ctx, { sessions: auth.sessions }); // POST /api/contact (and the page's form)
  const payments = createPaymentsModule(ctx); // ledger, escrow release and unpaid expiry jobs, the provider's callbacks
  const bookings = createBookingsModule(ctx, { catalog, payments }); // /api/bookings/* (pay included)
  const promos = createPromosModule(ctx, { bookings, payments }); // /api/admin/promo-codes, /api/promos/quote, /api/referrals/*: discounts plugged into bookings
  const pros = createProsModule(ctx); // /api/pros/*
  const reviews = createReviewsModule(ctx); // /api/reviews/*, /api/admin/flagged-professionals
  const recurring = createRecurringModule(ctx, { bookings }); // /api/recurring/*: series repeating a booking, visits made on a rolling window
  const earnings = createEarningsModule(ctx, { payments, promos }); // /api/earnings, /api/payouts, /api/admin/payouts, /api/receipts/*
  const applications = createApplicationsModule(ctx); // /api/applications/*: the onboarding wizard's draft, documents, submission, status
  const admin = createAdminModule(ctx, { bookings, pros }); // /api/admin/*: bookings page, application review, overview, access log
  const support = createSupportModule(ctx); // /api/support/*, /api/admin/support/*: tickets, the queue, the contact form's tickets (docs/support.md)
  const chat = createChatModule(ctx); // /api/chat/*, /api/push/*: conversations per booking, messages and files, typing, presence, push
  const jobQuotes = createJobQuotesModule(ctx, { catalog, bookings }); // /api/job-requests/*, /api/pro/job-requests: quotes for jobs without a fixed price
  const claims = createClaimsModule(ctx, { payments }); // /api/bookings/:id/claim*, /api/admin/claims: guarantee claims (holds the escrow release while open)
  const account = createAccountModule(ctx, { sessions: auth.sessions }); // /api/account/*: closing one's account, exporting one's data; the daily retention sweep job
  const lateness = createLatenessModule(ctx, { payments, bookings }); // running late, arrival, no-shows (/api/bookings/:id/delay|arrived|no-show), suspension (/api/admin/professionals)
  const whatsapp = createWhatsappModule(ctx, { preferences: profile.preferences }); // /api/whatsapp/webhook: inbound WhatsApp (STOP) and message statuses
  const dev = createDevModule(ctx, { sessions: auth.sessions }); // /api/dev/outbox, outside production only
  // prettier-ignore
  return { health, auth, profile, catalog, seo, contact, payments, bookings, promos, pros, reviews, recurring, earnings, applications, admin, support, chat, jobQuotes, claims, account, lateness, whatsapp, dev };
}

/** Every module of an app, by name: what app.ts built (tests reach a module's services with modulesOf). */
export type AppModules = Awaited<ReturnType<typeof composeModules>>;
const modulesByApp = new WeakMap<FastifyInstance, AppModules>();

/** The modules of an app made by buildApp (tests: `modulesOf(t.app).payments.ledger`). */
export function modulesOf(app: FastifyInstance): AppModules {
  const modules = modulesByApp.get(app);
  if (!modules) throw new Error('Not an app made by buildApp');
  return modules;
}

/** Builds the whole HTTP application. Never listens: main.ts does, tests use app.inject. */
export async function buildApp({ config, database, plugins = [], ...overrides }: BuildAppOptions): Promise<FastifyInstance> {
  // helmet's headers, computed once (http/security-headers.ts): on every response, including the ones
  // Fastify makes before any hook (a URL that does not decode) or without a request (an unparsable one).
  const headers = securityHeaders(helmetOptions(config));
  // Catalogue answers kept ready and sent before Fastify (http/public-answers.ts); `app` is set just below.
  let draining = () => false;
  const publicAnswers = new PublicAnswers(headers, () => draining());
  const app = Fastify({
    serverFactory: publicAnswersServer(publicAnswers, { keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS }),
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
      serializers: {
        // Query strings can carry one-time tokens (email confirmation, password reset): log the path only.
        req: (req) => ({ method: req.method, url: String(req.url).split('?')[0], remoteAddress: req.ip }),
      },
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID_RE.test(given) ? given : randomUUID();
    },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Shutting down, our own 503 in the error contract and Connection: close (http/shutdown.ts).
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers),
  });

  // JSON bodies: a depth limit before any handler (http/json-body.ts), on every route.
  useJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerDraining(app);
  draining = () => app.draining.active;
  app.decorate('publicAnswers', publicAnswers);

  // The stores the adapters write through belong to the modules of their tables (profile, dev).
  const preferences = new NotificationPreferencesStore(database.db);
  const outbox = config.isProduction ? undefined : new OutboxRepository(database.db);
  const ctx = createContext(config, database, app.log, { preferences, outbox }, overrides);
  app.decorate('ctx', ctx);

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  registerSecurityHeaders(app, headers);
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Only answers made per request pass through here (the web build's files are precompressed at
    // build time, kept pages compressed once in http/pages.ts), so the fast levels: measured on JSON,
    // gzip level 1 against the default 6 gives answers 2 % (1 KB) to 8 % (50 KB) larger for 30 to
    // 50 % less CPU, brotli quality 1 against the plugin's 4 about 6 to 8 % larger for a quarter of
    // the CPU. Dynamic answers are small and made once each; precompressed files keep their own.
    zlibOptions: { level: 1 },
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Khedma API', version: '1.0.0', description: 'Fixed-price home services in Morocco.' },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: securitySchemes as never },
    },
    // Routes' schemas to JSON Schema; components.schemas holds the shared schemas that routes reference by
    // $ref (their ids), from a registry of this app's own (http/openapi.ts).
    ...openApiTransforms(app),
    hideUntagged: false,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { deepLinking: true } });

  // Prometheus metrics when configured (METRICS_TOKEN, METRICS_PORT): before the routes, whose latency it times.
  if (config.metrics.token || config.metrics.port !== undefined) {
    await app.register(metricsPlugin, { ...config.metrics, source: { sockets: () => ctx.realtime.connectionCount, database } });
  }
  // Platform: the job queue's housekeeping (main.ts starts the loop), the WebSocket GET /api/ws.
  await app.register(instancePlugin, { lease: ctx.instance });
  await app.register(jobsPlugin, { jobs: ctx.jobs, db: ctx.database.db });
  // Capabilities, built in order (composeModules): their services, jobs and listeners; their plugins below.
  const modules = await composeModules(ctx, { publicAnswers });
  modulesByApp.set(app, modules);
  await app.register(realtimePlugin, { hub: ctx.realtime, db: ctx.database.db, config, sessions: modules.auth.sessions });
  // Capabilities: each module's routes and hooks.
  for (const module of Object.values(modules)) await app.register(module.plugin);
  const catalog = modules.catalog.service;

  // The CMI simulator, where no real CMI is configured (config.ts refuses it in production unless allowed).
  if (config.cmi.simulator) {
    const sim = new CmiSimulator(ctx.database.db, config.cmi, app.log);
    app.decorate('cmiSimulator', sim);
    await app.register(cmiSimulatorPlugin(sim, { control: !config.isProduction }));
  }
  // The WhatsApp simulator: in-process for the sender; its webhooks reach us by inject; HTTP outside production.
  if (ctx.whatsappSimulator) {
    const sim = ctx.whatsappSimulator;
    sim.deliver = async (url, payload, headers) => (await app.inject({ method: 'POST', url, payload, headers })).statusCode;
    app.decorate('whatsappSimulator', sim);
    if (!config.isProduction) await app.register(whatsappSimulatorPlugin(sim));
  }
  // The booking map's tile server for the web app (GET /api/map), and the tile simulator outside production.
  await app.register(mapTilesPlugin(config.mapTiles));
  for (const plugin of plugins) await app.register(plugin);

  app.get('/api/openapi.json', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });

  const hasWeb = await registerWebApp(app, config.webDist, { testServiceWorkerVersions: config.testPeople && !config.isProduction });
  // Public pages rendered on the server from the web build's server entry (when built): see http/pages.ts.
  const pages = hasWeb
    ? createPageRenderer({
        webDist: config.webDist,
        publicUrl: config.publicUrl,
        fetchImpl: injectFetch(app),
        isService: (id) => catalog.isActiveService(id),
        log: app.log,
      })
    : null;
  const stopForgetting = catalog.onChange(() => publicAnswers.clear());
  app.addHook('onClose', async () => stopForgetting());
  if (pages) {
    const stopClearing = catalog.onChange(() => pages.clear());
    app.addHook('onClose', async () => stopClearing());
  }
  // The contact page's form sent as plain HTML (POST /contact), answered with the page and its message.
  registerContactForm(app, { pages, trustedOrigins: trustedOrigins(config), contact: modules.contact.contact, sessions: modules.auth.sessions });

  const secure = new URL(config.publicUrl).protocol === 'https:';
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // A missing asset (an old hashed file after a deploy) must fail as a 404, not as HTML served for JS.
    const looksLikeFile = pathname.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(pathname);
    if (!isApi && !looksLikeFile && (req.method === 'GET' || req.method === 'HEAD')) {
      // One address per public page (its canonical one, rendered on the server): /about/ and /ABOUT are
      // /about. The router matches paths whatever their case, so /Services/2E4B... would show the page too,
      // and each spelling would be rendered, kept and named canonical apart. Only ever to a public page's
      // own lower-case path on this site.
      const canonical = pathname.replace(/\/+$/, '').toLowerCase();
      if (canonical && canonical !== pathname && isPublicPage(canonical)) {
        return reply.redirect(`${canonical}${req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''}`, 301);
      }
      // docs/README.md: outside development the outbox's page (/dev/mailbox) does not exist: the
      // not-found page with 404, never the app shell (decision 0017).
      if (!ctx.outbox && DEV_PAGE.test(pathname)) {
        reply.code(404);
        if (hasWeb) return sendPage(req, reply, NOT_FOUND_PAGE, pages, secure);
        return sendError(reply, 404, 'NOT_FOUND', `No route ${req.method} ${pathname}`);
      }
      // Every other path belongs to the single-page app, which draws its own 404 page.
      if (hasWeb) return sendPage(req, reply, pathname, pages, secure, publicAnswers);
      return reply
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Khedma</title><p>The web app is not built. Run <code>npm run build</code>.</p>');
    }
    return sendError(reply, 404, 'NOT_FOUND', `No route ${req.method} ${pathname}`);
  });

  return app;
}

/**
 * A page of the web app: rendered on the server when it is a public one (a bare URL, or one with only
 * `?lang=` and tracking parameters such as utm_*: other parameters change what the page shows) or no page
 * of the app at all (the not-found page, 404), else index.html for the app to render.
 */
async function sendPage(req: FastifyRequest, reply: FastifyReply, pathname: string, pages: PageRenderer | null, secure: boolean, answers?: PublicAnswers) {
  reply.header('cache-control', 'no-cache');
  const query = new URLSearchParams(req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '');
  const language = pageLanguage(query, req.headers.cookie);
  // A language chosen by link (the switch's `?lang=`, before or without JavaScript) is remembered as the
  // app remembers it (the same cookie), so the next page, even one reached without a script, keeps it.
  const chosen = query.get('lang');
  const setsCookie = chosen === language && !req.headers.cookie?.includes(`${LANGUAGE_COOKIE}=${language}`);
  if (setsCookie) {
    reply.header('set-cookie', `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`);
  }
  if (pages) {
    // Read before the page is: a page rendered across a catalogue change is not remembered (http/public-answers.ts).
    const version = answers?.version ?? 0;
    const bare = showsBarePage(query);
    const search = bare ? null : catalogueQuery(pathname, query);
    const page =
      search !== null
        ? await pages.renderOnce(pathname, language, { search })
        : await pages.render(pathname, language, bare);
    if (page?.kind === 'redirect') return reply.redirect(page.location, page.status);
    if (page) {
      // A kept page: the next GET of this URL in this language is sent before Fastify (http/public-answers.ts).
      if (page.kind === 'page' && search === null && bare && !setsCookie) answers?.rememberPage(req.url, language, page, version);
      // The language comes from the cookie and the body is compressed here: one copy per cookie and encoding.
      reply.header('vary', 'Cookie, Accept-Encoding');
      // A kept page's validator: the reader's copy, still the page, gets 304 (see head in http/public-answers.ts).
      if (page.etag) {
        reply.header('etag', page.etag);
        if (fresh({ 'if-none-match': req.headers['if-none-match'] }, { etag: page.etag })) return reply.code(304).send();
      }
      reply.code(page.status).type('text/html; charset=utf-8');
      const coding = pickCoding(req.headers['accept-encoding']);
      if (coding) return reply.header('content-encoding', coding).send(page[coding]);
      return reply.send(page.html);
    }
  }
  return reply.sendFile('index.html');
}

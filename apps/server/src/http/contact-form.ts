import { contactRequestSchema, LOCALES, type ContactRequest, type Locale, type SessionUser } from '@khedma/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pickCoding } from './encoding';
import { AppError } from './errors';
import { pageLanguage, type PageRenderer, type PageResponse } from './pages';

/** The fields of the contact form, as the page names them. */
const FIELDS = ['name', 'email', 'phone', 'message'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
/** A form of four short fields: far below this. */
const FORM_BODY_LIMIT = 16 * 1024;

export interface ContactOutcome {
  form: 'contact';
  status: 'sent' | 'invalid' | 'failed' | 'rateLimited';
  values: Values;
  errors: Record<string, string>;
}

const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/**
 * POST /contact: the contact page's form sent as plain HTML, before the app took the page over or
 * without JavaScript (docs/public-site.md). The same rules as POST /api/contact (the shared schema, the
 * same service with its rate limits, its storage and its email job, and its refusal of a second identical
 * send), answered with the contact page rendered with the outcome: the success message and empty
 * fields, or the failure message with what was typed and each field's error (lib/form-outcome.tsx in
 * the web app). Only URL-encoded bodies, only here: the API keeps accepting JSON alone.
 */
/** What the form needs of the app, handed over by app.ts: the contact module's service and auth's session lookup. */
export interface ContactFormOptions {
  pages: PageRenderer | null;
  trustedOrigins: readonly string[];
  contact: { submit(input: ContactRequest, who: { ip: string; userId: string | null; locale?: Locale }): Promise<unknown> };
  sessions: { resolve(req: FastifyRequest): Promise<SessionUser | null> };
}

export function registerContactForm(app: FastifyInstance, opts: ContactFormOptions) {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_req, body, done) =>
      done(null, new URLSearchParams(String(body))),
    );
    scope.post('/contact', { schema: { hide: true } }, async (req, reply) => {
      const form = req.body instanceof URLSearchParams ? req.body : new URLSearchParams();
      const query = new URLSearchParams(req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '');
      const chosen = form.get('lang');
      const language = isLocale(chosen) ? chosen : pageLanguage(query, req.headers.cookie);
      const values = Object.fromEntries(FIELDS.map((field) => [field, (form.get(field) ?? '').slice(0, 5000)])) as Values;

      let outcome: ContactOutcome;
      let status: number;
      // A page of another site cannot send it on a visitor's behalf (browsers send Origin with a form's POST).
      const origin = req.headers.origin;
      const parsed = contactRequestSchema.safeParse(values);
      if (origin && !opts.trustedOrigins.includes(origin)) {
        outcome = { form: 'contact', status: 'failed', values, errors: {} };
        status = 403;
      } else if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? '');
          if (field && !errors[field]) errors[field] = issue.message;
        }
        outcome = { form: 'contact', status: 'invalid', values, errors };
        status = 400;
      } else {
        try {
          const session = await opts.sessions.resolve(req).catch(() => null);
          await opts.contact.submit(parsed.data, { ip: req.ip, userId: session?.id ?? null, locale: language });
          outcome = { form: 'contact', status: 'sent', values: { name: '', email: '', phone: '', message: '' }, errors: {} };
          status = 200;
        } catch (error) {
          if (error instanceof AppError && error.status === 429) {
            for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
            outcome = { form: 'contact', status: 'rateLimited', values, errors: {} };
            status = 429;
          } else {
            req.log.error({ err: error }, 'the contact form could not be sent');
            outcome = { form: 'contact', status: 'failed', values, errors: {} };
            status = 500;
          }
        }
      }
      const page = await opts.pages?.renderOnce('/contact', language, { form: outcome, status });
      return sendAnswer(req, reply, page ?? null, status);
    });
  });
}

function sendAnswer(req: FastifyRequest, reply: FastifyReply, page: PageResponse | null, status: number) {
  // The answer to one person's form: never stored by a cache.
  reply.header('cache-control', 'no-store');
  if (!page || page.kind !== 'page') {
    return reply.code(status).type('text/plain; charset=utf-8').send(status === 200 ? 'Message sent.' : 'The message was not sent.');
  }
  reply.code(status).type('text/html; charset=utf-8').header('vary', 'Cookie, Accept-Encoding');
  const coding = pickCoding(req.headers['accept-encoding']);
  if (coding) return reply.header('content-encoding', coding).send(page[coding]);
  return reply.send(page.html);
}

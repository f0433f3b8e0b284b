/**
 * The CMI simulator (docs/payments.md "Simulator"): a TEST gateway of our own that speaks CMI's protocol,
 * mounted under /__cmi of this server outside production (or in production only with
 * ALLOW_UNREAL_PROVIDERS=payments). The CMI provider (platform/cmi.ts) talks to it over HTTP exactly as
 * it talks to CMI, so every test and every demo runs the real CMI code path.
 *
 * - POST /__cmi/fim/est3Dgate: the hosted page. Checks the form's ver3 hash, records the order, shows a
 *   test-card form that says clearly it is a TEST gateway.
 * - POST /__cmi/fim/est3Dgate/pay (and /3ds): the card's outcome. Test cards: 4111 1111 1111 1111
 *   approved, 4000 0000 0000 0002 declined, 4000 0000 0000 3063 asks a 3-D Secure code (1234 passes),
 *   4000 0000 0000 0119 times out (no answer, no callback). Approved orders are authorised; they are
 *   captured when our callback answers `ACTION=POSTAUTH` (or by a PostAuth on the API).
 * - The signed server-to-server callback to callbackUrl, retried until it gets one of CMI's answers, with
 *   the delays, duplicates or drops a test asks for (`behave`, or POST /__cmi/control).
 * - The browser is posted back to okUrl or failUrl with the same signed fields (an auto-submitting form).
 * - POST /__cmi/fim/api: the merchant XML API (CC5Request): Credit, PostAuth, ORDERSTATUS query.
 *
 * Its books live in cmi_sim_orders and cmi_sim_credits (migration 0019), written outside our
 * transactions as CMI's would be: any instance serves any order and it answers after our crash.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { CmiConfig } from '../config';
import type { Db } from '../db/client';
import { cc5Xml, cmiCents, cmiHash, sameHash, xmlTag } from './cmi';
import { rowsOf } from './jobs';

/** What a test may ask of the next callbacks. */
export interface SimulatorBehaviour {
  /** Wait this long before the first delivery (0: delivered before the browser is answered). */
  callbackDelayMs: number;
  /** Deliver the callback this many more times after it was answered (duplicates). */
  duplicates: number;
  /** Never deliver (a callback lost on the way: only a lookup will tell). */
  drop: boolean;
  /** Pause between retries of a callback not answered with one of CMI's answers. */
  retryDelayMs: number;
  /** Refuse Credits (a refund the bank refuses), with this ErrMsg. */
  refuseCredits: string | null;
  /** Journeys: delay the callbacks of one customer's orders (by the form's email), leaving others alone. */
  delayByEmail: Record<string, number>;
  /** Journeys: refuse the Credits of one customer's orders (by the form's email), with this ErrMsg. */
  refuseCreditsByEmail: Record<string, string>;
}

const DEFAULT_BEHAVIOUR: SimulatorBehaviour = { callbackDelayMs: 0, duplicates: 0, drop: false, retryDelayMs: 1000, refuseCredits: null, delayByEmail: {}, refuseCreditsByEmail: {} };
/** CMI retries a callback a few times; so does the simulator. */
const CALLBACK_ATTEMPTS = 5;

export const TEST_CARDS = {
  approved: '4111111111111111',
  declined: '4000000000000002',
  threeDSecure: '4000000000003063',
  timeout: '4000000000000119',
} as const;
export const TEST_3DS_CODE = '1234';

interface OrderRow {
  oid: string;
  amount_cents: number;
  currency: string;
  status: 'pending' | 'authorized' | 'captured' | 'declined';
  trans_id: string;
  auth_code: string | null;
  err_msg: string | null;
  refunded_cents: number;
  fields: Record<string, string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The CMI simulator, when mounted (tests ask it for delays, duplicates, drops). */
    cmiSimulator?: CmiSimulator;
  }
}

const esc = (v: string) => v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export class CmiSimulator {
  behaviour: SimulatorBehaviour = { ...DEFAULT_BEHAVIOUR };
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;
  /** Callbacks still being delivered (tests wait for them). */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly cfg: CmiConfig,
    private readonly log: { warn(o: object, m: string): void; info(o: object, m: string): void },
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  behave(b: Partial<SimulatorBehaviour>): void {
    this.behaviour = { ...this.behaviour, ...b };
  }

  reset(): void {
    this.behaviour = { ...DEFAULT_BEHAVIOUR, delayByEmail: {}, refuseCreditsByEmail: {} };
  }

  /** How long the callback of these fields waits before its first delivery. */
  delayOf(fields: Record<string, string>): number {
    return this.behaviour.delayByEmail[fields.email ?? ''] ?? this.behaviour.callbackDelayMs;
  }

  /** Waits until every callback under way was delivered (or given up). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  async order(oid: string): Promise<OrderRow | undefined> {
    return rowsOf<OrderRow>(await this.db.execute(sql`select * from cmi_sim_orders where oid = ${oid}`))[0];
  }

  /** Credits (refunds) the simulator accepted for an order, in cents. */
  async credits(oid: string): Promise<number[]> {
    return rowsOf<{ amount_cents: number }>(await this.db.execute(sql`select amount_cents from cmi_sim_credits where oid = ${oid} order by created_at`)).map((r) => Number(r.amount_cents));
  }

  /** The hosted page's form was posted: checked and recorded (pending). An error message, or the order. */
  async receive(fields: Record<string, string>): Promise<{ error: string } | { order: OrderRow }> {
    if (!fields.HASH || !sameHash(fields.HASH, cmiHash(fields, this.cfg.storeKey))) return { error: 'Hash check failed: the form was not signed with this store key.' };
    if (fields.clientid !== this.cfg.clientId) return { error: 'Unknown merchant (clientid).' };
    const cents = cmiCents(fields.amount);
    if (!fields.oid || cents === null || cents <= 0) return { error: 'Missing order id or amount.' };
    if (fields.storetype !== '3D_PAY_HOSTING' || fields.hashAlgorithm !== 'ver3') return { error: 'This gateway serves storetype 3D_PAY_HOSTING with hashAlgorithm ver3.' };
    const kept = { ...fields };
    delete kept.HASH;
    await this.db.execute(sql`
      insert into cmi_sim_orders (oid, amount_cents, currency, status, trans_id, fields)
      values (${fields.oid}, ${cents}, ${fields.currency ?? ''}, 'pending', ${randomUUID().slice(0, 18)}, ${JSON.stringify(kept)}::jsonb)
      on conflict (oid) do update set amount_cents = excluded.amount_cents, fields = excluded.fields, updated_at = now()
        where cmi_sim_orders.status = 'pending'`);
    const order = await this.order(fields.oid);
    return { order: order! };
  }

  /** The card's outcome: the order authorised or declined, the callback sent, the fields to post back. */
  async decide(oid: string, outcome: { approved: true } | { approved: false; errMsg: string; code: string }): Promise<{ url: string; fields: Record<string, string> } | null> {
    const authCode = String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000));
    const res = await this.db.execute(sql`
      update cmi_sim_orders set status = ${outcome.approved ? 'authorized' : 'declined'},
        auth_code = ${outcome.approved ? authCode : null}, err_msg = ${outcome.approved ? null : outcome.errMsg}, updated_at = now()
      where oid = ${oid} and status = 'pending' returning *`);
    const order = rowsOf<OrderRow>(res)[0] ?? (await this.order(oid));
    if (!order) return null;
    const fields = this.resultFields(order);
    const approved = order.status === 'authorized' || order.status === 'captured';
    if (rowsOf(res).length > 0) this.sendCallback(fields);
    return { url: approved ? order.fields.okUrl! : order.fields.failUrl!, fields };
  }

  /** The fields CMI posts back (browser and callback): the request's, the outcome's, signed. */
  private resultFields(order: OrderRow): Record<string, string> {
    const approved = order.status === 'authorized' || order.status === 'captured';
    const fields: Record<string, string> = {
      ...order.fields,
      Response: approved ? 'Approved' : 'Declined',
      ProcReturnCode: approved ? '00' : '05',
      AuthCode: order.auth_code ?? '',
      TransId: order.trans_id,
      ErrMsg: order.err_msg ?? '',
      mdStatus: approved ? '1' : '0',
      EXTRA_TRXDATE: new Date().toISOString().replace(/[-:T]/g, '').slice(0, 15),
      HASHPARAMS: '',
    };
    delete fields.HASH;
    fields.HASH = cmiHash(fields, this.cfg.storeKey);
    return fields;
  }

  /** Delivers the callback (now, or after the asked delay), retried, duplicated or dropped as asked. */
  private sendCallback(fields: Record<string, string>): void {
    const b = this.behaviour;
    if (b.drop || !fields.callbackUrl) return;
    const run = async () => {
      await this.deliver(fields, b.retryDelayMs);
      for (let i = 0; i < b.duplicates && !this.closed; i++) await this.deliver(fields, b.retryDelayMs);
    };
    let p: Promise<void>;
    const delay = this.delayOf(fields);
    if (delay > 0) {
      p = new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          this.timers.delete(t);
          void run().finally(resolve);
        }, delay);
        this.timers.add(t);
      });
    } else p = run();
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
  }

  /** Posts one callback until it gets one of CMI's answers; ACTION=POSTAUTH captures the order. */
  async deliver(fields: Record<string, string>, retryDelayMs = this.behaviour.retryDelayMs): Promise<string | null> {
    for (let attempt = 1; attempt <= CALLBACK_ATTEMPTS && !this.closed; attempt++) {
      try {
        const res = await this.fetchImpl(fields.callbackUrl!, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
          signal: AbortSignal.timeout(15_000),
        });
        const answer = (await res.text()).trim();
        if (res.ok && /^(ACTION=POSTAUTH|APPROVED|FAILURE)$/.test(answer)) {
          if (answer === 'ACTION=POSTAUTH') await this.db.execute(sql`update cmi_sim_orders set status = 'captured', updated_at = now() where oid = ${fields.oid} and status = 'authorized'`);
          return answer;
        }
        this.log.warn({ oid: fields.oid, status: res.status, answer: answer.slice(0, 100), attempt }, 'cmi simulator: callback not acknowledged');
      } catch (err) {
        this.log.warn({ oid: fields.oid, err: String(err), attempt }, 'cmi simulator: callback failed');
      }
      if (attempt < CALLBACK_ATTEMPTS) await new Promise((r) => setTimeout(r, retryDelayMs));
    }
    return null;
  }

  /** The merchant XML API. */
  async api(xml: string): Promise<string> {
    const answer = (f: Record<string, string | Record<string, string>>) => cc5Xml('CC5Response', f);
    const refuse = (msg: string, code = '99') => answer({ OrderId: xmlTag(xml, 'OrderId'), Response: 'Error', ProcReturnCode: code, ErrMsg: msg });
    if (xmlTag(xml, 'Name') !== this.cfg.apiUser || xmlTag(xml, 'Password') !== this.cfg.apiPassword || xmlTag(xml, 'ClientId') !== this.cfg.clientId) {
      return refuse('Authentication failed (Name, Password, ClientId).');
    }
    const oid = xmlTag(xml, 'OrderId');
    const order = await this.order(oid);
    if (xmlTag(xml, 'ORDERSTATUS') === 'QUERY') {
      if (!order) return answer({ OrderId: oid, Response: 'Declined', ProcReturnCode: '99', ErrMsg: 'No such order', Extra: { TRANS_STAT: '' } });
      const stat = { pending: 'PN', authorized: 'A', captured: 'C', declined: 'D' }[order.status];
      return answer({
        OrderId: oid,
        Response: 'Approved',
        ProcReturnCode: '00',
        ErrMsg: '',
        Extra: {
          TRANS_STAT: stat,
          TRANS_ID: order.trans_id,
          AUTH_CODE: order.auth_code ?? '',
          ORIG_TRANS_AMT: String(order.amount_cents),
          CAPTURE_AMT: order.status === 'captured' ? String(order.amount_cents) : '0',
          REFUND_AMT: String(order.refunded_cents),
          ERRMSG: order.err_msg ?? '',
        },
      });
    }
    const type = xmlTag(xml, 'Type');
    if (!order) return refuse('No such order', '05');
    const cents = cmiCents(xmlTag(xml, 'Total'));
    if (type === 'PostAuth') {
      if (order.status === 'captured') return refuse('Already captured', '05');
      if (order.status !== 'authorized') return refuse('Not authorised', '05');
      await this.db.execute(sql`update cmi_sim_orders set status = 'captured', updated_at = now() where oid = ${oid} and status = 'authorized'`);
      return answer({ OrderId: oid, Response: 'Approved', ProcReturnCode: '00', TransId: order.trans_id, ErrMsg: '' });
    }
    if (type === 'Credit') {
      const refusal = this.behaviour.refuseCredits ?? this.behaviour.refuseCreditsByEmail[order.fields.email ?? ''];
      if (refusal) return refuse(refusal, '05');
      if (cents === null || cents <= 0) return refuse('Invalid Total');
      // One statement: two Credits at once cannot refund more than was captured.
      const done = rowsOf(
        await this.db.execute(sql`
          update cmi_sim_orders set refunded_cents = refunded_cents + ${cents}, updated_at = now()
          where oid = ${oid} and status = 'captured' and refunded_cents + ${cents} <= amount_cents returning oid`),
      );
      if (done.length === 0) return refuse(order.status !== 'captured' ? 'Order not captured' : 'Credit exceeds the captured amount', '05');
      await this.db.execute(sql`insert into cmi_sim_credits (oid, amount_cents) values (${oid}, ${cents})`);
      return answer({ OrderId: oid, Response: 'Approved', ProcReturnCode: '00', TransId: randomUUID().slice(0, 18), ErrMsg: '' });
    }
    return refuse(`Unsupported Type ${type}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Pages (CSP: no inline script; the auto-submit script is a file of its own)
// ---------------------------------------------------------------------------------------------

const STYLE = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:1rem auto;padding:0 1rem;color:#1f2937}
.banner{background:#fef3c7;border:2px solid #d97706;padding:.75rem;border-radius:.5rem;font-weight:700}
label{display:block;margin-top:1rem;font-weight:600}input,select,button{font-size:1rem;padding:.5rem;margin-top:.25rem;width:100%;box-sizing:border-box}
button{background:#1d4ed8;color:#fff;border:0;border-radius:.375rem;margin-top:1rem;cursor:pointer}table{width:100%;font-size:.875rem}`;

/**
 * The simulator's pages are in English whatever the order's `lang` (a test tool, outside production): they
 * say so (lang="en", left to right), so an Arabic shop's customer does not get English laid out right to
 * left ("D Secure step (code 1234)-3"). The banner's French and Arabic words carry their own language.
 */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body>
<p class="banner" role="note" data-testid="cmi-test-banner">TEST GATEWAY: CMI simulator. No real money moves. / <span lang="fr">Passerelle de TEST</span> / <span lang="ar" dir="rtl">بوابة اختبار</span></p>${body}<script src="/__cmi/auto-submit.js"></script></body></html>`;
}

const hidden = (fields: Record<string, string>) => Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`).join('');

function autoPost(url: string, fields: Record<string, string>): string {
  return page('Returning to the shop', `<p>Returning to the shop…</p><form method="post" action="${esc(url)}" data-auto="1">${hidden(fields)}<button type="submit">Continue</button></form>`);
}

function cardForm(order: OrderRow): string {
  const f = order.fields;
  const amount = `${(order.amount_cents / 100).toFixed(2)} MAD`;
  return page(
    'CMI test gateway',
    `<h1>Payment: ${esc(amount)}</h1><p>Order ${esc(order.oid)}</p>
<form method="post" action="/__cmi/fim/est3Dgate/pay">
<input type="hidden" name="oid" value="${esc(order.oid)}">
<label for="pan">Card number</label><input id="pan" name="pan" inputmode="numeric" autocomplete="off" value="" required>
<label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" value="12/30">
<label for="cvv">CVV</label><input id="cvv" name="cvv" value="000">
<button type="submit" data-testid="cmi-pay">Pay ${esc(amount)}</button></form>
<h2>Test cards</h2><table><tr><td>${TEST_CARDS.approved}</td><td>approved</td></tr><tr><td>${TEST_CARDS.declined}</td><td>declined</td></tr>
<tr><td>${TEST_CARDS.threeDSecure}</td><td>3-D Secure step (code ${TEST_3DS_CODE})</td></tr><tr><td>${TEST_CARDS.timeout}</td><td>the bank times out</td></tr></table>
<p><a href="${esc(f.shopurl ?? '/')}">Back to the shop</a></p>`,
  );
}

const html = (reply: FastifyReply, body: string, status = 200) => reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

/** Mounts the simulator under /__cmi (its routes are not part of the API). */
export function cmiSimulatorPlugin(sim: CmiSimulator, opts: { control: boolean } = { control: true }): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 65_536 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    for (const type of ['application/xml', 'text/xml']) {
      app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 65_536 }, (_req, body, done) => done(null, body));
    }
    const form = (body: unknown): Record<string, string> =>
      body && typeof body === 'object' ? Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string')) as Record<string, string> : {};

    app.get('/__cmi/auto-submit.js', { schema: { hide: true } }, async (_req, reply) =>
      reply.type('text/javascript; charset=utf-8').send("document.querySelectorAll('form[data-auto]').forEach(function(f){f.submit();});"),
    );

    app.post('/__cmi/fim/est3Dgate', { schema: { hide: true } }, async (req, reply) => {
      const got = await sim.receive(form(req.body));
      if ('error' in got) return html(reply, page('CMI test gateway: refused', `<h1>Refused</h1><p data-testid="cmi-error">${esc(got.error)}</p>`), 400);
      if (got.order.status !== 'pending') {
        const decided = await sim.decide(got.order.oid, { approved: true });
        return html(reply, autoPost(decided!.url, decided!.fields));
      }
      return html(reply, cardForm(got.order));
    });

    app.post('/__cmi/fim/est3Dgate/pay', { schema: { hide: true } }, async (req, reply) => {
      const f = form(req.body);
      const order = f.oid ? await sim.order(f.oid) : undefined;
      if (!order) return html(reply, page('CMI test gateway', '<p data-testid="cmi-error">Unknown order.</p>'), 404);
      const pan = (f.pan ?? '').replace(/\D/g, '');
      if (pan === TEST_CARDS.threeDSecure) {
        return html(
          reply,
          page(
            '3-D Secure (test)',
            `<h1>3-D Secure (test)</h1><p>Your bank asks for a code. Test code: ${TEST_3DS_CODE}.</p><form method="post" action="/__cmi/fim/est3Dgate/3ds"><input type="hidden" name="oid" value="${esc(order.oid)}"><label for="code">Code</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code"><button type="submit" data-testid="cmi-3ds-submit">Confirm</button></form>`,
          ),
        );
      }
      if (pan === TEST_CARDS.timeout) {
        // The bank never answers: the order stays pending, no callback; the customer sees the timeout.
        return html(reply, page('CMI test gateway: timeout', `<h1>The bank did not answer</h1><p data-testid="cmi-timeout">Test card: the authorisation timed out. Nothing was charged.</p><p><a href="${esc(order.fields.shopurl ?? '/')}">Back to the shop</a></p>`));
      }
      const outcome = pan === TEST_CARDS.approved ? ({ approved: true } as const) : ({ approved: false, code: '05', errMsg: pan === TEST_CARDS.declined ? 'Declined by the card issuer (test card)' : 'Unknown test card' } as const);
      const decided = await sim.decide(order.oid, outcome);
      if (sim.delayOf(decided!.fields) === 0) await sim.settled();
      return html(reply, autoPost(decided!.url, decided!.fields));
    });

    app.post('/__cmi/fim/est3Dgate/3ds', { schema: { hide: true } }, async (req, reply) => {
      const f = form(req.body);
      const order = f.oid ? await sim.order(f.oid) : undefined;
      if (!order) return html(reply, page('CMI test gateway', '<p data-testid="cmi-error">Unknown order.</p>'), 404);
      const ok = f.code === TEST_3DS_CODE;
      const decided = await sim.decide(order.oid, ok ? { approved: true } : { approved: false, code: '05', errMsg: '3-D Secure authentication failed' });
      if (sim.delayOf(decided!.fields) === 0) await sim.settled();
      return html(reply, autoPost(decided!.url, decided!.fields));
    });

    app.post('/__cmi/fim/api', { schema: { hide: true } }, async (req, reply) =>
      reply.type('application/xml; charset=utf-8').send(await sim.api(typeof req.body === 'string' ? req.body : '')),
    );

    // Journeys ask for a delayed callback, duplicates or a refused refund (tests in-process use `behave`).
    // Never in production (a staging server that accepted the simulator).
    if (opts.control) app.post('/__cmi/control', { schema: { hide: true } }, async (req) => {
      const b = (req.body ?? {}) as Partial<SimulatorBehaviour> & { reset?: boolean };
      if (b.reset) sim.reset();
      const pick: Partial<SimulatorBehaviour> = {};
      if (typeof b.callbackDelayMs === 'number') pick.callbackDelayMs = Math.min(Math.max(0, b.callbackDelayMs), 120_000);
      if (typeof b.duplicates === 'number') pick.duplicates = Math.min(Math.max(0, b.duplicates), 10);
      if (typeof b.drop === 'boolean') pick.drop = b.drop;
      const one = req.body as { email?: unknown; delayMs?: unknown; refuseCredits?: unknown };
      // With an email, a refusal for that customer's orders only (null lifts it); without, for every order.
      if (typeof one.email === 'string' && (typeof one.refuseCredits === 'string' || one.refuseCredits === null)) {
        const { [one.email]: _lifted, ...others } = sim.behaviour.refuseCreditsByEmail;
        pick.refuseCreditsByEmail = typeof one.refuseCredits === 'string' ? { ...others, [one.email]: one.refuseCredits.slice(0, 200) } : others;
      } else if (typeof b.refuseCredits === 'string' || b.refuseCredits === null) pick.refuseCredits = b.refuseCredits ?? null;
      if (typeof one.email === 'string' && typeof one.delayMs === 'number') {
        pick.delayByEmail = { ...sim.behaviour.delayByEmail, [one.email]: Math.min(Math.max(0, one.delayMs), 120_000) };
      }
      sim.behave(pick);
      return { behaviour: sim.behaviour };
    });

    app.addHook('onClose', async () => sim.close());
  };
}

/**
 * CMI (Centre Monétique Interbancaire), implemented from its merchant protocol (docs/payments.md "CMI"):
 *
 * - The hosted 3-D Secure page (`storetype=3D_PAY_HOSTING`): the browser posts a form signed with the
 *   ver3 hash to CMI_GATEWAY_URL, pays there, and is posted back to okUrl or failUrl.
 * - The server-to-server callback to callbackUrl, signed the same way, the only proof of payment: we
 *   answer `ACTION=POSTAUTH` to an approved order we accept (CMI then captures it), `APPROVED` to a
 *   verified callback we do not capture (a decline, a duplicate of a settled order) and `FAILURE` to
 *   one we refuse (bad hash, unknown order, wrong amount).
 * - The merchant XML API (CC5Request to CMI_API_URL): `Type=Credit` refunds, `Type=PostAuth` captures,
 *   `Extra/ORDERSTATUS=QUERY` asks what happened to an order.
 *
 * ver3 hash: every posted parameter except HASH and encoding, sorted by name without regard to case;
 * each value trimmed, `\` escaped as `\\` and `|` as `\|`, joined with `|`; then `|` and the escaped
 * store key; SHA-512; base64 of the digest.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CMI_CURRENCY_MAD } from '@khedma/shared';
import type { CmiConfig, Config } from '../config';
import type { CallbackVerdict, HostedPaymentRequest, PaymentProvider, ProviderAnswer, ProviderStatus, RedirectForm } from './payments';

const ESCAPE = (v: string) => v.replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
/** PHP natcasesort, as CMI's own samples sort: case-insensitive, digits as numbers. */
const NAME_ORDER = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The ver3 hash of `params` (docs above). */
export function cmiHash(params: Record<string, string>, storeKey: string): string {
  const names = Object.keys(params)
    .filter((k) => !['hash', 'encoding'].includes(k.toLowerCase()))
    .sort((a, b) => NAME_ORDER.compare(a, b));
  const plain = names.map((k) => ESCAPE((params[k] ?? '').trim())).join('|') + '|' + ESCAPE(storeKey);
  return createHash('sha512').update(plain, 'utf8').digest('base64');
}

/** Constant-time comparison of two hashes. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whole MAD as CMI writes amounts ("350.00"). */
export const cmiAmount = (mad: number): string => `${mad}.00`;

/** A CMI amount ("350.00", "350") in cents; null when it is not an amount. */
export function cmiCents(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}(\.\d{1,2})?$/.test(value.trim())) return null;
  const [whole, frac = ''] = value.trim().split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** The payment method's language of the page: CMI knows fr, ar and en. */
const CMI_LANG = { fr: 'fr', ar: 'ar', en: 'en' } as const;

// ---------------------------------------------------------------------------------------------
// The merchant XML API: flat documents of a dozen known tags, written and read here (no parser
// dependency for two fixed shapes; values are escaped on the way out and unescaped on the way in).
// ---------------------------------------------------------------------------------------------

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const xmlEscape = (v: string) => v.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
const xmlUnescape = (v: string) =>
  v.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);

/** A flat XML element: `<root><k>v</k>...<Extra><k>v</k></Extra></root>`. */
export function cc5Xml(root: string, fields: Record<string, string | Record<string, string>>): string {
  const body = Object.entries(fields)
    .map(([k, v]) => (typeof v === 'string' ? `<${k}>${xmlEscape(v)}</${k}>` : `<${k}>${Object.entries(v).map(([a, b]) => `<${a}>${xmlEscape(b)}</${a}>`).join('')}</${k}>`))
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><${root}>${body}</${root}>`;
}

/** The text of `<tag>` in `xml` (first occurrence), unescaped; '' when absent. */
export function xmlTag(xml: string, tag: string): string {
  const m = new RegExp(`<${tag}>([^<]*)</${tag}>|<${tag}\\s*/>`).exec(xml);
  return m?.[1] !== undefined ? xmlUnescape(m[1]) : '';
}

/** ORDERSTATUS's TRANS_STAT as our provider state. */
const TRANS_STAT: Record<string, ProviderStatus['state']> = { A: 'authorized', C: 'captured', S: 'captured', D: 'declined', PN: 'pending' };

export class CmiPaymentProvider implements PaymentProvider {
  readonly name = 'cmi';

  /** `cfg` is read at each call (tests point the simulator's URLs at the port they listen on). */
  constructor(
    private readonly cfg: CmiConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  get demo(): boolean {
    return this.cfg.simulator;
  }

  initiate(r: HostedPaymentRequest): RedirectForm {
    const fields: Record<string, string> = {
      clientid: this.cfg.clientId,
      oid: r.paymentId,
      amount: cmiAmount(r.amount),
      currency: CMI_CURRENCY_MAD,
      okUrl: r.okUrl,
      failUrl: r.failUrl,
      callbackUrl: `${this.cfg.callbackBaseUrl}/api/payments/cmi/callback`,
      shopurl: new URL(r.okUrl).origin,
      lang: CMI_LANG[r.lang],
      // A fresh random per form, as CMI asks (the oid stays the payment id: idempotent per payment).
      rnd: randomBytes(12).toString('hex'),
      storetype: '3D_PAY_HOSTING',
      TranType: 'PreAuth',
      hashAlgorithm: 'ver3',
      encoding: 'UTF-8',
      refreshtime: '5',
      BillToName: r.customer.name.slice(0, 64),
      email: r.customer.email,
      tel: r.customer.phone ?? '',
      // Ours, returned in the callback: which method the customer chose.
      method: r.method,
    };
    fields.HASH = cmiHash(fields, this.cfg.storeKey);
    return { url: this.cfg.gatewayUrl, method: 'POST', fields };
  }

  verifyCallback(body: Record<string, string>): CallbackVerdict {
    const orderId = typeof body.oid === 'string' && body.oid ? body.oid : null;
    if (typeof body.HASH !== 'string' || !sameHash(body.HASH, cmiHash(body, this.cfg.storeKey))) return { ok: false, orderId, reason: 'bad hash' };
    if (!orderId) return { ok: false, orderId, reason: 'no oid' };
    if (body.clientid !== this.cfg.clientId) return { ok: false, orderId, reason: 'another merchant' };
    const cents = cmiCents(body.amount);
    if (cents === null || cents % 100 !== 0) return { ok: false, orderId, reason: `bad amount ${body.amount}` };
    const approved = body.ProcReturnCode === '00' && body.Response === 'Approved';
    return {
      ok: true,
      orderId,
      approved,
      amount: cents / 100,
      currency: body.currency ?? '',
      providerRef: body.TransId || null,
      failureReason: approved ? null : body.ErrMsg || body.mdErrorMsg || `declined (${body.ProcReturnCode ?? 'no code'})`,
    };
  }

  callbackAnswer(verdict: CallbackVerdict, accepted: boolean): string {
    if (!verdict.ok) return 'FAILURE';
    return verdict.approved && accepted ? 'ACTION=POSTAUTH' : 'APPROVED';
  }

  private async api(fields: Record<string, string | Record<string, string>>): Promise<string> {
    const xml = cc5Xml('CC5Request', { Name: this.cfg.apiUser, Password: this.cfg.apiPassword, ClientId: this.cfg.clientId, ...fields });
    const res = await this.fetchImpl(this.cfg.apiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/xml; charset=utf-8' },
      body: xml,
      signal: AbortSignal.timeout(20_000),
    });
    if (!res.ok) throw new Error(`CMI API answered ${res.status}`);
    return res.text();
  }

  async lookup(paymentId: string): Promise<ProviderStatus> {
    const xml = await this.api({ OrderId: paymentId, Extra: { ORDERSTATUS: 'QUERY' } });
    const stat = xmlTag(xml, 'TRANS_STAT');
    const state = TRANS_STAT[stat] ?? 'unknown';
    const cents = (tag: string) => Number(xmlTag(xml, tag) || 0);
    return {
      state,
      amount: Math.floor((state === 'captured' ? cents('CAPTURE_AMT') : cents('ORIG_TRANS_AMT')) / 100),
      refunded: Math.floor(cents('REFUND_AMT') / 100),
      providerRef: xmlTag(xml, 'TRANS_ID') || null,
      failureReason: state === 'declined' ? xmlTag(xml, 'ERRMSG') || 'declined' : null,
    };
  }

  async capture(paymentId: string, amount: number): Promise<ProviderAnswer> {
    const xml = await this.api({ Type: 'PostAuth', OrderId: paymentId, Total: cmiAmount(amount), Currency: CMI_CURRENCY_MAD });
    if (xmlTag(xml, 'Response') === 'Approved') return { ok: true, providerRef: xmlTag(xml, 'TransId') || null };
    // Captured already (a retry): the order's status says so.
    const status = await this.lookup(paymentId);
    if (status.state === 'captured') return { ok: true, providerRef: status.providerRef };
    return { ok: false, reason: xmlTag(xml, 'ErrMsg') || 'capture refused' };
  }

  async refund(payment: { id: string; amount: number }, amount: number, _reason: string | null, refundedAfter: number): Promise<ProviderAnswer> {
    // Idempotent per payment: CMI's Credit takes no reference of ours, so the order's refunded total
    // says whether this refund (or a lost answer of it) went through already.
    const before = await this.lookup(payment.id);
    if (before.refunded >= refundedAfter) return { ok: true, providerRef: before.providerRef };
    const missing = Math.min(amount, refundedAfter - before.refunded);
    const xml = await this.api({ Type: 'Credit', OrderId: payment.id, Total: cmiAmount(missing), Currency: CMI_CURRENCY_MAD });
    if (xmlTag(xml, 'Response') === 'Approved') return { ok: true, providerRef: xmlTag(xml, 'TransId') || null };
    return { ok: false, reason: xmlTag(xml, 'ErrMsg') || `refund refused (${xmlTag(xml, 'ProcReturnCode') || 'no code'})` };
  }
}

/** The provider for this configuration: CMI, or the CMI simulator outside production (config.ts). */
export function createPaymentProvider(config: Pick<Config, 'cmi'>, fetchImpl: typeof fetch = fetch): PaymentProvider {
  return new CmiPaymentProvider(config.cmi, fetchImpl);
}

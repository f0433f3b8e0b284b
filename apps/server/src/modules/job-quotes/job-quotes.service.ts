/**
 * Quotes for jobs without a fixed price (docs/job-quotes.md): a customer requests quotes for a service
 * priced "on quote"; the professionals who offer it in that city are told and answer with a price
 * (lines, validity, the visit they propose); the customer compares and accepts one, which becomes a
 * booking at that price through the bookings module (then paid, held in escrow, cancelled and
 * reviewed as any booking). A professional sees only their own quote; the customer sees no
 * professional's contact details, and a professional sees the street address only once their quote
 * is accepted.
 */
import { can, type SessionUser } from '@khedma/shared';
import {
  JOB_QUOTE_MESSAGES as M,
  JOB_QUOTE_RULES as R,
  reopenNotice,
  jobQuotePrice,
  jobRequestClosesOn,
  latestValidity,
  quoteState,
  requestState,
} from '@khedma/shared/domain/job-quotes';
import { validateBookingWindow } from '@khedma/shared/domain/schedule';
import { addDays, localDateOf, startOfLocalDay, toLocal } from '@khedma/shared/domain/time';
import type { AcceptJobQuoteResponse, CreateJobRequest, JobQuoteDto, JobRequestDto, SubmitJobQuote } from '@khedma/shared/schemas/job-quotes';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/email';
import type { JobRunner } from '../../platform/jobs';
import type { RateLimiter } from '../../platform/rate-limit';
import type { Storage, StoredStream } from '../../platform/storage';
import type { RecipientsRepository } from '../auth';
import { overlaps, worksAt, type BookingUseCases, type ProfessionalPoolRepository } from '../bookings';
import type { CatalogReference } from '../catalog';
import { prepareChatFile } from '../chat';
import { newQuoteEmail, newRequestEmail, quoteDecidedEmail, requestReopenedEmail } from './job-quotes.emails';
import { EXPIRE_JOB_REQUEST_JOB } from './job-quotes.jobs';
import type { JobQuotesRepository, QuoteRow, RequestRow } from './job-quotes.repository';

export interface JobQuotesDeps {
  db: Db;
  repo: JobQuotesRepository;
  pool: ProfessionalPoolRepository;
  reference: CatalogReference;
  bookings: Pick<BookingUseCases, 'creation'>;
  recipients: RecipientsRepository;
  storage: Storage;
  jobs: JobRunner;
  mailer: Pick<Mailer, 'write'>;
  limiter: RateLimiter;
  clock: Clock;
  publicUrl: string;
}

type Viewer = { kind: 'customer' } | { kind: 'pro'; professionalId: string } | { kind: 'admin' };

const DAY_SECONDS = 86_400;

export class JobQuotesService {
  constructor(private readonly d: JobQuotesDeps) {}

  private today(): string {
    return localDateOf(this.d.clock.now());
  }

  /** POST /api/job-requests: a request for quotes, told to the professionals who could answer it. */
  async createRequest(user: SessionUser, input: CreateJobRequest & { preferredDates: string[] }): Promise<JobRequestDto> {
    if (!can(user, 'booking:create')) throw forbidden();
    const [service, city] = await Promise.all([this.d.reference.service(input.serviceTypeId), this.d.reference.city({ id: input.cityId })]);
    if (!service) throw badRequest(M.serviceNotFound, { serviceTypeId: M.serviceNotFound });
    if (!service.onQuote) throw badRequest(M.notOnQuote, { serviceTypeId: M.notOnQuote });
    if (!city) throw badRequest(M.cityNotServed, { cityId: M.cityNotServed });
    let boroughId: string | null = null;
    if (input.boroughId) {
      const borough = await this.d.reference.borough(input.boroughId);
      if (!borough || borough.cityId !== city.id) throw badRequest('Borough not found in this city', { boroughId: 'Borough not found in this city' });
      boroughId = borough.id;
    }
    const today = this.today();
    const dates = [...new Set(input.preferredDates)].sort();
    if (dates.some((d) => d <= today || d > addDays(today, 30))) {
      throw badRequest('Please choose dates from tomorrow to 30 days ahead', { preferredDates: 'Please choose dates from tomorrow to 30 days ahead' });
    }
    await this.d.limiter.enforce(`job-request:create:${user.id}`, R.requestsPerDay, DAY_SECONDS, M.tooManyRequests);
    const closesOn = jobRequestClosesOn(today);
    const pros = await this.d.repo.matchingProfessionalUsers(service.id, city.id, user.id);
    const recipients = await this.d.recipients.recipients(pros);
    const id = await this.d.repo.transaction(async (repo, tx) => {
      const requestId = await repo.insertRequest({
        customerId: user.id,
        serviceTypeId: service.id,
        cityId: city.id,
        boroughId,
        description: input.description,
        address: input.address,
        preferredDates: dates,
        closesOn,
      });
      const url = `${this.d.publicUrl}/dashboard/job-requests/${requestId}`;
      for (const r of recipients) {
        const names = { en: service.name, fr: service.nameFr, ar: service.nameAr };
        const cityNames = { en: city.name, fr: city.nameFr, ar: city.nameAr };
        const mail = newRequestEmail(r.locale, { name: r.name, service: names[r.locale], city: cityNames[r.locale], url });
        await this.d.mailer.write(tx, { to: r.email, ...mail }, { userId: r.userId });
      }
      await this.d.jobs.schedule(EXPIRE_JOB_REQUEST_JOB, { requestId }, { db: tx, dedupeKey: requestId, runAt: startOfLocalDay(addDays(closesOn, 1)) });
      return requestId;
    });
    return this.get(user, id);
  }

  /** The customer's requests, newest first, each with every quote. */
  async listMine(user: SessionUser): Promise<JobRequestDto[]> {
    if (!can(user, 'booking:create')) throw forbidden();
    const rows = await this.d.repo.requestsOfCustomer(user.id);
    return this.dtos(rows, { kind: 'customer' });
  }

  /** A professional's list: open requests they could quote, and those they quoted (their own quote only). */
  async listForProfessional(user: SessionUser): Promise<JobRequestDto[]> {
    const pro = await this.professional(user);
    const rows = await this.d.repo.requestsForProfessional(pro.id, user.id);
    return this.dtos(rows, { kind: 'pro', professionalId: pro.id });
  }

  async get(user: SessionUser, id: string): Promise<JobRequestDto> {
    const { row, viewer } = await this.readable(user, id);
    const [dto] = await this.dtos([row], viewer);
    return dto!;
  }

  /** POST /api/job-requests/{id}/quotes: a professional's price, one per request. */
  async submitQuote(user: SessionUser, id: string, input: SubmitJobQuote): Promise<JobRequestDto> {
    const pro = await this.professional(user);
    const row = await this.d.repo.request(id);
    if (!row || row.customerId === user.id) throw notFound(M.requestNotFound);
    const quoted = (await this.d.repo.quotes([id], pro.id))[0];
    if (!quoted && !(await this.d.repo.matches(pro.id, row.serviceTypeId, row.cityId))) throw notFound(M.requestNotFound);
    const today = this.today();
    if (requestState(row.status, row.closesOn, today) !== 'open') throw conflict(M.requestClosed, 'INVALID_TRANSITION');
    if (quoted) throw conflict(M.alreadyQuoted);
    const now = this.d.clock.now();
    const window = validateBookingWindow(input, { now });
    if (!window.ok) {
      const fields = Object.fromEntries(window.issues.map((i) => [i.field, i.message]));
      throw badRequest(window.issues[0]!.message, fields);
    }
    if (input.validUntil < today || input.validUntil > latestValidity(today, window.value.date)) {
      throw badRequest(M.validityTooLong, { validUntil: M.validityTooLong });
    }
    // The visit they propose must be one they can keep: their hours, days off and bookings.
    const { start, end } = window.value;
    // Travel from and to their other jobs is reckoned from the city's centre: a request has no pin yet.
    const [[member], place] = await Promise.all([
      this.d.pool.pool({ professionalId: pro.id }, { from: start, to: end }, now),
      this.d.pool.placeOf({ addressLat: null, addressLng: null, cityId: row.cityId }),
    ]);
    if (!member || !worksAt(member, start, end) || overlaps(member.busy, start, end, undefined, place)) {
      throw badRequest(M.notFree, { date: M.notFree });
    }
    const lines = input.lines.map((l) => ({ label: l.label, amount: l.amount }));
    const price = jobQuotePrice(lines, row.serviceName);
    const customer = (await this.d.recipients.recipients([row.customerId]))[0];
    await this.d.repo.transaction(async (repo, tx) => {
      const quoteId = await repo.insertQuote({
        id: randomUUID(),
        requestId: id,
        professionalId: pro.id,
        lines,
        subtotal: price.subtotal,
        validUntil: input.validUntil,
        visitStart: start,
        visitEnd: end,
        message: input.message ? input.message : null,
      });
      if (!quoteId) throw conflict(M.alreadyQuoted);
      if (customer) {
        const names = { en: row.serviceName, fr: row.serviceNameFr, ar: row.serviceNameAr };
        const mail = newQuoteEmail(customer.locale, { name: customer.name, pro: pro.firstName, service: names[customer.locale], total: price.total, url: `${this.d.publicUrl}/quotes/${id}` });
        await this.d.mailer.write(tx, { to: customer.email, ...mail }, { userId: customer.userId });
      }
    });
    return this.get(user, id);
  }

  /** A professional takes back their quote while it is not accepted. */
  async withdrawQuote(user: SessionUser, id: string, quoteId: string): Promise<JobRequestDto> {
    const pro = await this.professional(user);
    const quote = await this.d.repo.quote(id, quoteId);
    if (!quote || quote.professionalId !== pro.id) throw notFound(M.quoteNotFound);
    if (!(await this.d.repo.withdrawQuote(quoteId, pro.id))) throw conflict(M.quoteNotOpen, 'INVALID_TRANSITION');
    return this.get(user, id);
  }

  /**
   * The customer accepts one quote: the request and the quote are claimed together (so two
   * acceptances at once make one booking), then the booking is placed through the bookings module
   * under a key of this quote (a retry answers with the same booking). A booking that cannot be
   * placed (the professional is no longer free) gives the claim back.
   */
  async accept(user: SessionUser, id: string, quoteId: string): Promise<AcceptJobQuoteResponse> {
    if (!can(user, 'booking:create')) throw forbidden();
    const row = await this.d.repo.request(id);
    if (!row || row.customerId !== user.id) throw notFound(M.requestNotFound);
    const quote = await this.d.repo.quote(id, quoteId);
    if (!quote) throw notFound(M.quoteNotFound);
    const price = jobQuotePrice(quote.lines, row.serviceName);
    if (quote.status === 'accepted' && quote.bookingId) return { bookingId: quote.bookingId, lines: price.lines, total: price.total };
    const today = this.today();
    if (quote.status !== 'accepted') {
      if (requestState(row.status, row.closesOn, today) !== 'open') throw conflict(M.requestClosed, 'INVALID_TRANSITION');
      const state = quoteState(quote.status, quote.validUntil, today);
      if (state === 'expired') throw conflict(M.quoteExpired, 'INVALID_TRANSITION');
      if (state !== 'submitted') throw conflict(M.quoteNotOpen, 'INVALID_TRANSITION');
      const claimed = await this.d.repo.transaction(async (repo) => {
        const ok = await repo.claimAcceptance(id, quoteId, today);
        if (!ok) throw conflict(M.quoteNotOpen, 'INVALID_TRANSITION');
        return ok;
      });
      if (!claimed) throw conflict(M.quoteNotOpen, 'INVALID_TRANSITION');
    }
    const start = toLocal(quote.visitStart);
    const end = toLocal(quote.visitEnd);
    let bookingId: string;
    try {
      const answer = await this.d.bookings.creation.createQuoted(
        user,
        {
          professionalId: quote.professionalId,
          serviceTypeId: row.serviceTypeId,
          cityId: row.cityId,
          boroughId: row.boroughId,
          address: row.address,
          description: row.description.slice(0, 1000),
          date: start.date,
          startTime: start.time,
          endTime: end.time,
          quote: price,
        },
        `job-quote:${quoteId}`,
      );
      if (answer.status >= 400) {
        const error = (answer.body as { error?: { code?: string; message?: string } }).error;
        throw new AppError((error?.code as 'CONFLICT') ?? 'CONFLICT', error?.message ?? M.quoteNotOpen);
      }
      bookingId = (answer.body as { id: string }).id;
    } catch (err) {
      if (err instanceof AppError && err.status < 500) await this.d.repo.releaseAcceptance(id, quoteId);
      throw err;
    }
    const all = await this.d.repo.quotes([id]);
    const others = all.filter((q) => q.id !== quoteId && quoteState(q.status, q.validUntil, today) === 'submitted');
    const recipients = await this.d.recipients.recipients([quote.proUserId, ...others.map((q) => q.proUserId)]);
    await this.d.repo.transaction(async (repo, tx) => {
      await repo.completeAcceptance(id, quoteId, bookingId);
      for (const r of recipients) {
        const accepted = r.userId === quote.proUserId;
        const names = { en: row.serviceName, fr: row.serviceNameFr, ar: row.serviceNameAr };
        const mail = quoteDecidedEmail(r.locale, {
          name: r.name,
          service: names[r.locale],
          accepted,
          url: accepted ? `${this.d.publicUrl}/dashboard/bookings` : `${this.d.publicUrl}/dashboard/job-requests`,
        });
        await this.d.mailer.write(tx, { to: r.email, ...mail }, { userId: r.userId });
      }
    });
    return { bookingId, lines: price.lines, total: price.total };
  }

  /** The customer closes an open request: no more quotes, those sent are declined. */
  async cancel(user: SessionUser, id: string): Promise<JobRequestDto> {
    const row = await this.d.repo.request(id);
    if (!row || row.customerId !== user.id) throw notFound(M.requestNotFound);
    if (!(await this.d.repo.cancelRequest(id, user.id))) throw conflict(M.requestClosed, 'INVALID_TRANSITION');
    return this.get(user, id);
  }

  /** A photo of the job (the chat's image rules; re-encoded without metadata), while the request is open. */
  async addPhoto(user: SessionUser, id: string, upload: Buffer, fileName: string): Promise<JobRequestDto> {
    const row = await this.d.repo.request(id);
    if (!row || row.customerId !== user.id) throw notFound(M.requestNotFound);
    if (requestState(row.status, row.closesOn, this.today()) !== 'open') throw conflict(M.requestClosed, 'INVALID_TRANSITION');
    const existing = await this.d.repo.photos([id]);
    if (existing.length >= R.photosMax) throw badRequest(M.tooManyPhotos, { file: M.tooManyPhotos });
    const prepared = await prepareChatFile(upload, fileName);
    if (prepared.type !== 'image') throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.photoType, { file: M.photoType });
    const photoId = randomUUID();
    const key = `job-requests/${id}/${photoId}`;
    await this.d.storage.put(key, prepared.body, { contentType: prepared.contentType, visibility: 'private' });
    await this.d.repo.insertPhoto({ id: photoId, requestId: id, storageKey: key, contentType: prepared.contentType, fileName: (fileName || 'photo').slice(0, 120) });
    return this.get(user, id);
  }

  /** A photo, to whoever may read the request (404 for anyone else). */
  async readPhoto(user: SessionUser, id: string, photoId: string): Promise<StoredStream> {
    await this.readable(user, id);
    const photo = (await this.d.repo.photos([id])).find((p) => p.id === photoId);
    if (!photo) throw notFound('Photo not found');
    const stored = await this.d.storage.getStream(photo.storageKey);
    if (!stored) throw notFound('Photo not found');
    return stored;
  }

  /**
   * payment.expired: an accepted quote's booking was never paid. Its request takes quotes again (the other
   * quotes with it) until its closing day, or is expired past it; the lapsed quote is expired.
   */
  async onBookingExpired(bookingId: string): Promise<void> {
    const requestId = await this.d.repo.requestOfAcceptedBooking(bookingId);
    if (!requestId) return;
    const row = await this.d.repo.request(requestId);
    if (!row) return;
    // Who may be told, read before the transaction (recipients in their language); what the reopen did decides.
    const quoted = await this.d.repo.quotes([requestId]);
    const matching = await this.d.repo.matchingProfessionalUsers(row.serviceTypeId, row.cityId, row.customerId);
    const recipients = await this.d.recipients.recipients([...new Set([...matching, ...quoted.map((q) => q.proUserId)])]);
    const today = this.today();
    await this.d.repo.transaction(async (repo, tx) => {
      const reopened = await repo.reopenAfterUnpaid(bookingId, today);
      if (reopened?.status !== 'open') return;
      // The quotes as the reopen left them: the declined ones are submitted again, the lapsed one expired.
      const after = await repo.quotes([requestId]);
      for (const r of recipients) {
        const own = after.find((q) => q.proUserId === r.userId);
        // Not quoted: only a professional who still offers the service there may quote it.
        if (!own && !matching.includes(r.userId)) continue;
        const kind = reopenNotice(own ? { status: own.status, validUntil: own.validUntil } : null, today);
        if (!kind) continue;
        const mail = requestReopenedEmail(r.locale, {
          name: r.name,
          service: { en: row.serviceName, fr: row.serviceNameFr, ar: row.serviceNameAr }[r.locale],
          city: { en: row.cityName, fr: row.cityNameFr, ar: row.cityNameAr }[r.locale],
          closesOn: row.closesOn,
          kind,
          url: `${this.d.publicUrl}/dashboard/job-requests/${requestId}`,
        });
        await this.d.mailer.write(tx, { to: r.email, ...mail }, { userId: r.userId, dedupeKey: `reopened:${bookingId}:${r.userId}` });
      }
    });
  }

  /** The expiry job: requests past their closing day stop taking quotes. */
  async expire(): Promise<void> {
    await this.d.repo.expireRequests(this.today());
  }

  // -------------------------------------------------------------------------------------------

  private async professional(user: SessionUser): Promise<{ id: string; firstName: string }> {
    const pro = await this.d.repo.professionalOfUser(user.id);
    if (!pro || !pro.approved || pro.status !== 'active') throw forbidden('Only approved professionals can send quotes.');
    const [member] = await this.d.pool.pool({ professionalId: pro.id }, { from: this.d.clock.now(), to: this.d.clock.now() }, this.d.clock.now());
    return { id: pro.id, firstName: member?.firstName ?? '' };
  }

  /** Who may read a request: its customer, a professional who may quote it or has, an admin; else 404. */
  private async readable(user: SessionUser, id: string): Promise<{ row: RequestRow; viewer: Viewer }> {
    const row = await this.d.repo.request(id);
    if (!row) throw notFound(M.requestNotFound);
    if (row.customerId === user.id) return { row, viewer: { kind: 'customer' } };
    if (can(user, 'booking:read:any')) return { row, viewer: { kind: 'admin' } };
    const pro = await this.d.repo.professionalOfUser(user.id);
    if (pro?.approved) {
      const own = await this.d.repo.quotes([id], pro.id);
      if (own.length > 0) return { row, viewer: { kind: 'pro', professionalId: pro.id } };
      if (pro.status === 'active' && row.status === 'open' && (await this.d.repo.matches(pro.id, row.serviceTypeId, row.cityId))) {
        return { row, viewer: { kind: 'pro', professionalId: pro.id } };
      }
    }
    throw notFound(M.requestNotFound);
  }

  private async dtos(rows: RequestRow[], viewer: Viewer): Promise<JobRequestDto[]> {
    const ids = rows.map((r) => r.id);
    const [quotes, photos] = await Promise.all([this.d.repo.quotes(ids, viewer.kind === 'pro' ? viewer.professionalId : undefined), this.d.repo.photos(ids)]);
    const today = this.today();
    return rows.map((r) => {
      const own = quotes.filter((q) => q.requestId === r.id);
      const accepted = own.find((q) => q.status === 'accepted');
      // The street address: the customer's own; a professional's once their quote is accepted.
      const showAddress = viewer.kind !== 'pro' || accepted !== undefined;
      return {
        id: r.id,
        status: requestState(r.status, r.closesOn, today),
        service: { id: r.serviceTypeId, name: { en: r.serviceName, fr: r.serviceNameFr, ar: r.serviceNameAr }, category: r.category },
        city: { id: r.cityId, name: { en: r.cityName, fr: r.cityNameFr, ar: r.cityNameAr } },
        description: r.description,
        address: showAddress ? r.address : null,
        preferredDates: r.preferredDates,
        photos: photos.filter((p) => p.requestId === r.id).map((p) => ({ id: p.id, name: p.fileName, url: `/api/job-requests/${r.id}/photos/${p.id}` })),
        closesOn: r.closesOn,
        createdAt: r.createdAt.toISOString(),
        quotes: own.map((q) => quoteDto(q, r.serviceName, today)),
        customerFirstName: r.customerFirstName,
        bookingId: accepted?.bookingId ?? null,
      };
    });
  }
}

function quoteDto(q: QuoteRow, serviceName: string, today: string): JobQuoteDto {
  const price = jobQuotePrice(q.lines, serviceName);
  const start = toLocal(q.visitStart);
  const end = toLocal(q.visitEnd);
  return {
    id: q.id,
    status: quoteState(q.status, q.validUntil, today),
    lines: q.lines,
    subtotal: price.subtotal,
    serviceFee: price.serviceFee,
    total: price.total,
    validUntil: q.validUntil,
    date: start.date,
    startTime: start.time,
    endTime: end.time,
    message: q.message,
    professional: { id: q.professionalId, firstName: q.proFirstName, rating: q.rating, reviewCount: q.reviewCount },
    bookingId: q.bookingId,
    createdAt: q.createdAt.toISOString(),
  };
}

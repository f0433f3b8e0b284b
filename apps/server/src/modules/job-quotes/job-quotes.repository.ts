/** SQL of job requests and quotes (docs/job-quotes.md). */
import type { JobQuoteLine, JobQuoteStatus, JobRequestStatus } from '@khedma/shared/domain/job-quotes';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  cities,
  jobQuotes,
  jobRequestPhotos,
  jobRequests,
  professionalCities,
  professionalRatings,
  professionals,
  professionalServices,
  profiles,
  serviceTypes,
  users,
} from '../../db/schema/index';

export interface RequestRow {
  id: string;
  customerId: string;
  customerFirstName: string;
  serviceTypeId: string;
  serviceName: string;
  serviceNameFr: string;
  serviceNameAr: string;
  category: string;
  cityId: string;
  cityName: string;
  cityNameFr: string;
  cityNameAr: string;
  boroughId: string | null;
  description: string;
  address: string;
  preferredDates: string[];
  status: JobRequestStatus;
  closesOn: string;
  createdAt: Date;
}

export interface QuoteRow {
  id: string;
  requestId: string;
  professionalId: string;
  proUserId: string;
  proFirstName: string;
  rating: number | null;
  reviewCount: number;
  lines: JobQuoteLine[];
  subtotal: number;
  validUntil: string;
  visitStart: Date;
  visitEnd: Date;
  message: string | null;
  status: JobQuoteStatus;
  bookingId: string | null;
  createdAt: Date;
}

export interface PhotoRow {
  id: string;
  requestId: string;
  storageKey: string;
  contentType: string;
  fileName: string;
}

const requestColumns = {
  id: jobRequests.id,
  customerId: jobRequests.customerId,
  customerFirstName: sql<string>`coalesce(${profiles.name}, split_part(${users.name}, ' ', 1))`,
  serviceTypeId: jobRequests.serviceTypeId,
  serviceName: serviceTypes.name,
  serviceNameFr: serviceTypes.nameFr,
  serviceNameAr: serviceTypes.nameAr,
  category: serviceTypes.category,
  cityId: jobRequests.cityId,
  cityName: cities.name,
  cityNameFr: cities.nameFr,
  cityNameAr: cities.nameAr,
  boroughId: jobRequests.boroughId,
  description: jobRequests.description,
  address: jobRequests.address,
  preferredDates: jobRequests.preferredDates,
  status: jobRequests.status,
  closesOn: jobRequests.closesOn,
  createdAt: jobRequests.createdAt,
};

const quoteColumns = {
  id: jobQuotes.id,
  requestId: jobQuotes.requestId,
  professionalId: jobQuotes.professionalId,
  proUserId: professionals.userId,
  proFirstName: professionals.name,
  rating: sql<number | null>`case when ${professionalRatings.totalReviews} > 0 then ${professionalRatings.averageRating}::float8 end`,
  reviewCount: sql<number>`coalesce(${professionalRatings.totalReviews}, 0)::int`,
  lines: jobQuotes.lines,
  subtotal: jobQuotes.subtotal,
  validUntil: jobQuotes.validUntil,
  visitStart: jobQuotes.visitStart,
  visitEnd: jobQuotes.visitEnd,
  message: jobQuotes.message,
  status: jobQuotes.status,
  bookingId: jobQuotes.bookingId,
  createdAt: jobQuotes.createdAt,
};

export class JobQuotesRepository {
  constructor(private readonly db: Db) {}

  with(tx: Db): JobQuotesRepository {
    return new JobQuotesRepository(tx);
  }

  transaction<T>(fn: (repo: JobQuotesRepository, tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(this.with(tx), tx));
  }

  async insertRequest(row: typeof jobRequests.$inferInsert): Promise<string> {
    const [inserted] = await this.db.insert(jobRequests).values(row).returning({ id: jobRequests.id });
    return inserted!.id;
  }

  private requests() {
    return this.db
      .select(requestColumns)
      .from(jobRequests)
      .innerJoin(serviceTypes, eq(serviceTypes.id, jobRequests.serviceTypeId))
      .innerJoin(cities, eq(cities.id, jobRequests.cityId))
      .innerJoin(users, eq(users.id, jobRequests.customerId))
      .leftJoin(profiles, eq(profiles.id, jobRequests.customerId));
  }

  async request(id: string): Promise<RequestRow | undefined> {
    const [row] = await this.requests().where(eq(jobRequests.id, id));
    return row as RequestRow | undefined;
  }

  async requestsOfCustomer(customerId: string): Promise<RequestRow[]> {
    return (await this.requests().where(eq(jobRequests.customerId, customerId)).orderBy(desc(jobRequests.createdAt)).limit(50)) as RequestRow[];
  }

  /**
   * The requests a professional may quote or has quoted: open ones of a service they offer in a city
   * they work in (not their own), and any they sent a quote for, newest first.
   */
  async requestsForProfessional(professionalId: string, customerUserId: string): Promise<RequestRow[]> {
    const offered = sql`exists (select 1 from ${professionalServices} ps where ps.professional_id = ${professionalId} and ps.service_type_id = ${jobRequests.serviceTypeId})
      and exists (select 1 from ${professionalCities} pc where pc.professional_id = ${professionalId} and pc.city_id = ${jobRequests.cityId})`;
    const quoted = sql`exists (select 1 from ${jobQuotes} q where q.request_id = ${jobRequests.id} and q.professional_id = ${professionalId})`;
    return (await this.requests()
      .where(and(ne(jobRequests.customerId, customerUserId), sql`((${jobRequests.status} = 'open' and ${offered}) or ${quoted})`))
      .orderBy(desc(jobRequests.createdAt))
      .limit(50)) as RequestRow[];
  }

  /** Whether this professional offers the request's service in its city (may quote it). */
  async matches(professionalId: string, serviceTypeId: string, cityId: string): Promise<boolean> {
    const res = await this.db.execute(sql`
      select (exists (select 1 from ${professionalServices} where professional_id = ${professionalId} and service_type_id = ${serviceTypeId})
         and exists (select 1 from ${professionalCities} where professional_id = ${professionalId} and city_id = ${cityId})) as ok`);
    return (res as unknown as { rows: Array<{ ok: boolean }> }).rows[0]?.ok === true;
  }

  /** The user ids of the active, approved professionals who offer the service in the city (to tell them). */
  async matchingProfessionalUsers(serviceTypeId: string, cityId: string, exceptUserId: string): Promise<string[]> {
    const rows = await this.db
      .select({ userId: professionals.userId })
      .from(professionals)
      .innerJoin(professionalServices, and(eq(professionalServices.professionalId, professionals.id), eq(professionalServices.serviceTypeId, serviceTypeId)))
      .innerJoin(professionalCities, and(eq(professionalCities.professionalId, professionals.id), eq(professionalCities.cityId, cityId)))
      .where(and(eq(professionals.status, 'active'), sql`${professionals.approvedAt} is not null`, ne(professionals.userId, exceptUserId)))
      .limit(200);
    return rows.map((r) => r.userId);
  }

  async countRequestsSince(customerId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobRequests)
      .where(and(eq(jobRequests.customerId, customerId), sql`${jobRequests.createdAt} >= ${since.toISOString()}::timestamptz`));
    return row?.n ?? 0;
  }

  async quotes(requestIds: readonly string[], professionalId?: string): Promise<QuoteRow[]> {
    if (requestIds.length === 0) return [];
    return (await this.db
      .select(quoteColumns)
      .from(jobQuotes)
      .innerJoin(professionals, eq(professionals.id, jobQuotes.professionalId))
      .leftJoin(professionalRatings, eq(professionalRatings.professionalId, jobQuotes.professionalId))
      .where(and(inArray(jobQuotes.requestId, [...requestIds]), professionalId ? eq(jobQuotes.professionalId, professionalId) : undefined))
      .orderBy(asc(jobQuotes.subtotal), asc(jobQuotes.createdAt))) as QuoteRow[];
  }

  async quote(requestId: string, quoteId: string): Promise<QuoteRow | undefined> {
    const [row] = await this.quotes([requestId]).then((rows) => rows.filter((q) => q.id === quoteId));
    return row;
  }

  /** A professional's quote, inserted; null when they had quoted this request already. */
  async insertQuote(row: typeof jobQuotes.$inferInsert): Promise<string | null> {
    const [inserted] = await this.db.insert(jobQuotes).values(row).onConflictDoNothing().returning({ id: jobQuotes.id });
    return inserted?.id ?? null;
  }

  async withdrawQuote(quoteId: string, professionalId: string): Promise<boolean> {
    const rows = await this.db
      .update(jobQuotes)
      .set({ status: 'withdrawn', updatedAt: sql`now()` })
      .where(and(eq(jobQuotes.id, quoteId), eq(jobQuotes.professionalId, professionalId), eq(jobQuotes.status, 'submitted')))
      .returning({ id: jobQuotes.id });
    return rows.length > 0;
  }

  /**
   * The acceptance's claim: the request leaves `open` and the quote becomes `accepted`, both or
   * neither (the caller's transaction); the partial unique index keeps one accepted quote per request.
   */
  async claimAcceptance(requestId: string, quoteId: string, today: string): Promise<boolean> {
    const request = await this.db
      .update(jobRequests)
      .set({ status: 'accepted', updatedAt: sql`now()` })
      .where(and(eq(jobRequests.id, requestId), eq(jobRequests.status, 'open'), sql`${jobRequests.closesOn} >= ${today}::date`))
      .returning({ id: jobRequests.id });
    if (request.length === 0) return false;
    const quote = await this.db
      .update(jobQuotes)
      .set({ status: 'accepted', updatedAt: sql`now()` })
      .where(and(eq(jobQuotes.id, quoteId), eq(jobQuotes.requestId, requestId), eq(jobQuotes.status, 'submitted'), sql`${jobQuotes.validUntil} >= ${today}::date`))
      .returning({ id: jobQuotes.id });
    return quote.length > 0;
  }

  /** Undoes a claim whose booking could not be placed (the professional is no longer free). */
  async releaseAcceptance(requestId: string, quoteId: string): Promise<void> {
    await this.db.update(jobQuotes).set({ status: 'submitted', updatedAt: sql`now()` }).where(and(eq(jobQuotes.id, quoteId), eq(jobQuotes.status, 'accepted'), sql`${jobQuotes.bookingId} is null`));
    await this.db.update(jobRequests).set({ status: 'open', updatedAt: sql`now()` }).where(and(eq(jobRequests.id, requestId), eq(jobRequests.status, 'accepted')));
  }

  /** The accepted quote's booking, and the other quotes declined. */
  async completeAcceptance(requestId: string, quoteId: string, bookingId: string): Promise<void> {
    await this.db.update(jobQuotes).set({ bookingId, updatedAt: sql`now()` }).where(eq(jobQuotes.id, quoteId));
    await this.db
      .update(jobQuotes)
      .set({ status: 'declined', updatedAt: sql`now()` })
      .where(and(eq(jobQuotes.requestId, requestId), ne(jobQuotes.id, quoteId), eq(jobQuotes.status, 'submitted')));
  }

  /**
   * The accepted quote's booking expired unpaid (docs/job-quotes.md): that quote is expired (it cannot be
   * accepted again: its booking's key is spent), and the request takes quotes again until its closing day,
   * with the quotes the acceptance declined open again (their own validity still applies); past its closing
   * day it is expired. Returns the request and its new status (nothing when the booking was no quote's).
   */
  async reopenAfterUnpaid(bookingId: string, today: string): Promise<{ status: 'open' | 'expired'; requestId: string } | null> {
    const [quote] = await this.db
      .update(jobQuotes)
      .set({ status: 'expired', updatedAt: sql`now()` })
      .where(and(eq(jobQuotes.bookingId, bookingId), eq(jobQuotes.status, 'accepted')))
      .returning({ requestId: jobQuotes.requestId });
    if (!quote) return null;
    const [request] = await this.db
      .update(jobRequests)
      .set({ status: sql`case when ${jobRequests.closesOn} >= ${today}::date then 'open' else 'expired' end`, updatedAt: sql`now()` })
      .where(and(eq(jobRequests.id, quote.requestId), eq(jobRequests.status, 'accepted')))
      .returning({ status: jobRequests.status });
    if (request?.status === 'open') {
      await this.db
        .update(jobQuotes)
        .set({ status: 'submitted', updatedAt: sql`now()` })
        .where(and(eq(jobQuotes.requestId, quote.requestId), eq(jobQuotes.status, 'declined')));
    }
    return request ? { status: request.status as 'open' | 'expired', requestId: quote.requestId } : null;
  }

  /** The request of the quote accepted with this booking (undefined: the booking is no accepted quote's). */
  async requestOfAcceptedBooking(bookingId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ requestId: jobQuotes.requestId })
      .from(jobQuotes)
      .where(and(eq(jobQuotes.bookingId, bookingId), eq(jobQuotes.status, 'accepted')));
    return row?.requestId;
  }

  async cancelRequest(requestId: string, customerId: string): Promise<boolean> {
    const rows = await this.db
      .update(jobRequests)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(and(eq(jobRequests.id, requestId), eq(jobRequests.customerId, customerId), eq(jobRequests.status, 'open')))
      .returning({ id: jobRequests.id });
    if (rows.length) {
      await this.db.update(jobQuotes).set({ status: 'declined', updatedAt: sql`now()` }).where(and(eq(jobQuotes.requestId, requestId), eq(jobQuotes.status, 'submitted')));
    }
    return rows.length > 0;
  }

  /** Requests past their closing day (the expiry job): expired, their open quotes declined. Returns the ids. */
  async expireRequests(today: string): Promise<string[]> {
    const rows = await this.db
      .update(jobRequests)
      .set({ status: 'expired', updatedAt: sql`now()` })
      .where(and(eq(jobRequests.status, 'open'), sql`${jobRequests.closesOn} < ${today}::date`))
      .returning({ id: jobRequests.id });
    const ids = rows.map((r) => r.id);
    if (ids.length) await this.db.update(jobQuotes).set({ status: 'declined', updatedAt: sql`now()` }).where(and(inArray(jobQuotes.requestId, ids), eq(jobQuotes.status, 'submitted')));
    return ids;
  }

  async photos(requestIds: readonly string[]): Promise<PhotoRow[]> {
    if (requestIds.length === 0) return [];
    return this.db
      .select({ id: jobRequestPhotos.id, requestId: jobRequestPhotos.requestId, storageKey: jobRequestPhotos.storageKey, contentType: jobRequestPhotos.contentType, fileName: jobRequestPhotos.fileName })
      .from(jobRequestPhotos)
      .where(inArray(jobRequestPhotos.requestId, [...requestIds]))
      .orderBy(asc(jobRequestPhotos.createdAt));
  }

  async insertPhoto(row: typeof jobRequestPhotos.$inferInsert): Promise<string> {
    const [inserted] = await this.db.insert(jobRequestPhotos).values(row).returning({ id: jobRequestPhotos.id });
    return inserted!.id;
  }

  async professionalOfUser(userId: string): Promise<{ id: string; status: string; approved: boolean } | undefined> {
    const [row] = await this.db
      .select({ id: professionals.id, status: professionals.status, approved: sql<boolean>`${professionals.approvedAt} is not null` })
      .from(professionals)
      .where(eq(professionals.userId, userId));
    return row;
  }
}

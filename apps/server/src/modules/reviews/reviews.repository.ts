/** SQL of reviews: writing one, helpful votes, the professional's reply, the low-rating list. */
import { REVIEW_FLAG } from '@khedma/shared';
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, cities, professionalRatings, professionals, reviewHelpfulVotes, reviews, serviceTypes } from '../../db/schema/index';

export type ReviewRow = typeof reviews.$inferSelect;

export class ReviewsRepository {
  constructor(private readonly db: Db) {}

  with(tx: Db): ReviewsRepository {
    return new ReviewsRepository(tx);
  }

  /** The booking a review would be about, with its professional's first name; `lock` holds it (FOR UPDATE). */
  async booking(bookingId: string, lock = false) {
    const q = this.db
      .select({
        id: bookings.id,
        customerId: bookings.userId,
        professionalId: bookings.professionalId,
        status: bookings.status,
        title: bookings.title,
        durationMinutes: bookings.durationMinutes,
        serviceId: serviceTypes.id,
        serviceName: serviceTypes.name,
        serviceNameFr: serviceTypes.nameFr,
        serviceNameAr: serviceTypes.nameAr,
        scheduledStart: bookings.scheduledStart,
        professionalName: professionals.name,
      })
      .from(bookings)
      .innerJoin(professionals, eq(professionals.id, bookings.professionalId))
      .leftJoin(serviceTypes, eq(serviceTypes.id, bookings.serviceTypeId))
      .where(eq(bookings.id, bookingId));
    const [row] = lock ? await q.for('update', { of: bookings }) : await q;
    return row;
  }

  async ofBooking(bookingId: string): Promise<ReviewRow | undefined> {
    const [row] = await this.db.select().from(reviews).where(eq(reviews.bookingId, bookingId));
    return row;
  }

  async byId(id: string): Promise<ReviewRow | undefined> {
    const [row] = await this.db.select().from(reviews).where(eq(reviews.id, id));
    return row;
  }

  /** Inserts the review; the triggers of migration 0007 update professional_ratings in the same transaction. */
  async insert(values: { bookingId: string; userId: string; professionalId: string; rating: number; title: string; comment: string | null }): Promise<ReviewRow> {
    const [row] = await this.db.insert(reviews).values(values).returning();
    return row!;
  }

  /** One vote per user: false when this user had voted already. */
  async addVote(reviewId: string, userId: string): Promise<number | null> {
    const inserted = await this.db.insert(reviewHelpfulVotes).values({ reviewId, userId }).onConflictDoNothing().returning({ reviewId: reviewHelpfulVotes.reviewId });
    if (inserted.length === 0) return null;
    const [row] = await this.db
      .update(reviews)
      .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
      .where(eq(reviews.id, reviewId))
      .returning({ helpfulCount: reviews.helpfulCount });
    return row!.helpfulCount;
  }

  async votedAmong(userId: string, reviewIds: string[]): Promise<string[]> {
    if (reviewIds.length === 0) return [];
    const rows = await this.db
      .select({ id: reviewHelpfulVotes.reviewId })
      .from(reviewHelpfulVotes)
      .where(and(eq(reviewHelpfulVotes.userId, userId), inArray(reviewHelpfulVotes.reviewId, reviewIds)));
    return rows.map((r) => r.id);
  }

  /** The given reviews this user wrote. */
  async writtenBy(userId: string, reviewIds: string[]): Promise<string[]> {
    if (reviewIds.length === 0) return [];
    const rows = await this.db.select({ id: reviews.id }).from(reviews).where(and(eq(reviews.userId, userId), inArray(reviews.id, reviewIds)));
    return rows.map((r) => r.id);
  }

  /** The given reviews of this professional that have no reply yet. */
  async unansweredOf(professionalId: string, reviewIds: string[]): Promise<string[]> {
    if (reviewIds.length === 0) return [];
    const rows = await this.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.professionalId, professionalId), inArray(reviews.id, reviewIds), isNull(reviews.reply)));
    return rows.map((r) => r.id);
  }

  /** Sets the reply unless there is one: undefined when it was set already. */
  async setReply(reviewId: string, reply: string, at: Date): Promise<ReviewRow | undefined> {
    const [row] = await this.db
      .update(reviews)
      .set({ reply, repliedAt: at })
      .where(and(eq(reviews.id, reviewId), isNull(reviews.reply)))
      .returning();
    return row;
  }

  async professionalOfUser(userId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ id: professionals.id }).from(professionals).where(eq(professionals.userId, userId));
    return row?.id;
  }

  /** Professionals under the flag's average after at least its number of reviews, lowest first. */
  async flagged() {
    return this.db
      .select({
        professionalId: professionals.id,
        name: professionals.name,
        fullName: professionals.fullName,
        city: cities.name,
        status: professionals.status,
        averageRating: professionalRatings.averageRating,
        totalReviews: professionalRatings.totalReviews,
      })
      .from(professionalRatings)
      .innerJoin(professionals, eq(professionals.id, professionalRatings.professionalId))
      .leftJoin(cities, eq(cities.id, professionals.cityId))
      .where(and(gte(professionalRatings.totalReviews, REVIEW_FLAG.minReviews), lt(professionalRatings.averageRating, REVIEW_FLAG.belowAverage)))
      .orderBy(asc(professionalRatings.averageRating), asc(professionals.id));
  }
}

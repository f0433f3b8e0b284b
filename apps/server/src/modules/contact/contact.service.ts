import { CONTACT_RATE_LIMITS, type ContactRequest, type Locale } from '@khedma/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema/index';
import { plainSubject, type Mailer } from '../../platform/email';
import type { EventBus } from '../../platform/events';
import type { RateLimiter } from '../../platform/rate-limit';
import './contact.events';

/** How long an identical message from the same sender counts as the same send. */
export const DUPLICATE_WINDOW_SECONDS = 600;

/** Contact form: kept in the database with its email to support's job (nothing is lost if email fails); the job runs after the commit. */
export class ContactService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Pick<Mailer, 'write' | 'run'>,
    private readonly limiter: RateLimiter,
    private readonly supportEmail: string,
    /** `contact.received`, in the message's transaction: its support ticket (docs/support.md). */
    private readonly events?: EventBus,
  ) {}

  async submit(input: ContactRequest, who: { ip: string; userId: string | null; locale?: Locale }): Promise<string> {
    // Five messages an hour from one address, and twenty a day for one email, stop floods without
    // getting in a real customer's way. Counted in the message's own transaction: a message that
    // cannot be stored does not use up the allowance.
    const sent = await this.db.transaction(async (tx) => {
      // The same message sent again (the form sent as plain HTML and then by the app, a second press,
      // a reload of the answer: docs/public-site.md "nothing is sent twice") is the one already stored:
      // its id, no new row, no second email. One sender's identical sends queue on one lock, so two at
      // the same moment cannot both miss the other.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact:${input.email.toLowerCase()}:${input.message}`}))`);
      const [same] = await tx
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(
          and(
            gt(contactMessages.createdAt, sql`now() - make_interval(secs => ${DUPLICATE_WINDOW_SECONDS})`),
            eq(contactMessages.email, input.email),
            eq(contactMessages.name, input.name),
            eq(contactMessages.message, input.message),
          ),
        )
        .limit(1);
      if (same) return { id: same.id, duplicate: true, email: null };
      const limiter = this.limiter.on(tx);
      const { perAddress, perEmail } = CONTACT_RATE_LIMITS;
      await limiter.enforce(`contact:ip:${who.ip}`, perAddress.limit, perAddress.windowSeconds);
      await limiter.enforce(`contact:email:${input.email.toLowerCase()}`, perEmail.limit, perEmail.windowSeconds);
      const [row] = await tx
        .insert(contactMessages)
        .values({ name: input.name, email: input.email, phone: input.phone ?? null, message: input.message, userId: who.userId })
        .returning({ id: contactMessages.id });
      await this.events?.emit('contact.received', {
        tx,
        contactMessageId: row!.id,
        name: input.name,
        email: input.email,
        message: input.message,
        userId: who.userId,
        locale: who.locale ?? 'en',
      });
      const lines = [
        `New message from the contact form`,
        ``,
        `Name: ${input.name}`,
        `Email: ${input.email}`,
        `Phone: ${input.phone ?? '-'}`,
        ``,
        input.message,
      ];
      const email = await this.mailer.write(tx, {
        to: this.supportEmail,
        // The name as plain text (createEmailSender cleans every subject; a name of tags alone is none).
        subject: `Contact form: ${plainSubject(input.name) || '(no name)'}`,
        replyTo: input.email,
        text: lines.join('\n'),
      });
      return { id: row!.id, duplicate: false, email };
    });
    if (!sent.duplicate) await this.mailer.run(sent.email);
    return sent.id;
  }
}

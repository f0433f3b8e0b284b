import type { ContactRequest } from '@khedma/shared';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema/index';
import type { EmailSender } from '../../platform/email';
import type { RateLimiter } from '../../platform/rate-limit';

/** Contact form: kept in the database first (nothing is lost if email fails), then emailed to support. */
export class ContactService {
  constructor(
    private readonly db: Db,
    private readonly email: EmailSender,
    private readonly limiter: RateLimiter,
    private readonly supportEmail: string,
  ) {}

  async submit(input: ContactRequest, who: { ip: string; userId: string | null }): Promise<string> {
    // Five messages an hour from one address, and twenty a day for one email, stop floods without
    // getting in a real customer's way. Counted in the message's own transaction: a message that
    // cannot be stored does not use up the allowance.
    const id = await this.db.transaction(async (tx) => {
      const limiter = this.limiter.on(tx);
      await limiter.enforce(`contact:ip:${who.ip}`, 5, 3600);
      await limiter.enforce(`contact:email:${input.email.toLowerCase()}`, 20, 86400);
      const [row] = await tx
        .insert(contactMessages)
        .values({ name: input.name, email: input.email, phone: input.phone ?? null, message: input.message, userId: who.userId })
        .returning({ id: contactMessages.id });
      return row!.id;
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
    await this.email.send({
      to: this.supportEmail,
      subject: `Contact form: ${input.name}`,
      replyTo: input.email,
      text: lines.join('\n'),
    });
    return id;
  }
}

/**
 * Support tickets (docs/support.md): the rules both apps read. Pure: no I/O.
 *
 * A ticket is a thread between one person (a signed-in customer or professional, or a visitor of the
 * contact form known only by their email) and the support team. Its status says whose turn it is:
 *
 *   open              support owes an answer (a new ticket, or the person wrote again)
 *   waiting_for_user  support answered; the person's turn
 *   resolved          the person (or support) said it is settled; closes itself after SUPPORT_RULES.autoCloseDays
 *   closed            final: a new question is a new ticket
 */

export const SUPPORT_STATUSES = ['open', 'waiting_for_user', 'resolved', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const SUPPORT_CATEGORIES = ['booking', 'payment', 'account', 'other'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

/** Where a ticket came from: the app (a signed-in person) or the public contact form (a visitor's email). */
export const SUPPORT_SOURCES = ['app', 'contact_form'] as const;
export type SupportSource = (typeof SUPPORT_SOURCES)[number];

/** Who wrote a message of the thread. A `note` is support's internal note: the person never sees it. */
export const SUPPORT_AUTHOR_ROLES = ['user', 'support'] as const;
export type SupportAuthorRole = (typeof SUPPORT_AUTHOR_ROLES)[number];

export const SUPPORT_RULES = {
  /** The first-answer target shown on every ticket ("We answer within 4 hours"). */
  firstAnswerHours: 4,
  /** A resolved ticket closes itself this many days after it was resolved (a durable job). */
  autoCloseDays: 7,
  subjectMin: 3,
  subjectMax: 120,
  messageMin: 1,
  messageMax: 4000,
  /** Tickets one account may open per hour and per day (contact-form tickets keep the contact form's limits). */
  ticketsPerHour: 5,
  ticketsPerDay: 20,
  /** Messages (replies, notes, files) one person may add per 10 minutes. */
  messagesPerTenMinutes: 30,
  /** Files attached to one new ticket from the web form (each is a message of its own). */
  filesPerTicketForm: 3,
  /** How long the signed URL of an attached file lives, in seconds. */
  fileUrlTtlSeconds: 15 * 60,
} as const;

/** What happens to a ticket. */
export type SupportEvent =
  /** The person writes (a reply, or a file). */
  | { kind: 'user_reply' }
  /** Support answers (a message the person sees; an internal note changes nothing). */
  | { kind: 'support_reply' }
  /** The person says it is settled. */
  | { kind: 'user_resolve' }
  /** Support sets a status by hand. */
  | { kind: 'support_set'; status: SupportStatus }
  /** The auto-close job, SUPPORT_RULES.autoCloseDays after the ticket was resolved. */
  | { kind: 'auto_close' };

/**
 * The status after `event`, or null when the event is not allowed in `status`. A closed ticket takes
 * nothing from the person (they open a new one); support may still reopen it by hand.
 */
export function nextSupportStatus(status: SupportStatus, event: SupportEvent): SupportStatus | null {
  switch (event.kind) {
    case 'user_reply':
      // The person's reply gives the turn back to support, even on a resolved ticket (it reopens).
      return status === 'closed' ? null : 'open';
    case 'support_reply':
      // An answer on a resolved or closed ticket does not reopen it; elsewhere it is the person's turn.
      return status === 'open' || status === 'waiting_for_user' ? 'waiting_for_user' : status;
    case 'user_resolve':
      return status === 'open' || status === 'waiting_for_user' ? 'resolved' : null;
    case 'support_set':
      return event.status === status ? null : event.status;
    case 'auto_close':
      return status === 'resolved' ? 'closed' : null;
  }
}

/** Whether the person may still write on a ticket in `status` (not once it is closed). */
export const userMayReply = (status: SupportStatus) => status !== 'closed';
/** Whether the person may mark the ticket resolved now. */
export const userMayResolve = (status: SupportStatus) => nextSupportStatus(status, { kind: 'user_resolve' }) !== null;

const HOUR = 3600 * 1000;

/** When a resolved ticket closes itself. */
export function supportAutoCloseAt(resolvedAt: Date): Date {
  return new Date(resolvedAt.getTime() + SUPPORT_RULES.autoCloseDays * 24 * HOUR);
}

/** When the first answer is due (SUPPORT_RULES.firstAnswerHours after the ticket was opened). */
export function supportFirstAnswerDue(createdAt: Date): Date {
  return new Date(createdAt.getTime() + SUPPORT_RULES.firstAnswerHours * HOUR);
}

/**
 * The admin queue's order: tickets that wait for support (open) first, the longest waiting first;
 * then the others, the least recently changed first. `waitingSince` is when support started owing
 * an answer (null unless open).
 */
export function compareSupportQueue(
  a: { status: SupportStatus; waitingSince: Date | null; updatedAt: Date },
  b: { status: SupportStatus; waitingSince: Date | null; updatedAt: Date },
): number {
  const aw = a.status === 'open' ? 0 : 1;
  const bw = b.status === 'open' ? 0 : 1;
  if (aw !== bw) return aw - bw;
  const at = (a.status === 'open' ? a.waitingSince : null) ?? a.updatedAt;
  const bt = (b.status === 'open' ? b.waitingSince : null) ?? b.updatedAt;
  return at.getTime() - bt.getTime();
}

/** The English fallbacks of the API's messages (the web app has them in three languages). */
export const SUPPORT_MESSAGES = {
  subjectTooShort: `Please enter a subject of at least ${SUPPORT_RULES.subjectMin} characters`,
  subjectTooLong: `Your subject is too long (${SUPPORT_RULES.subjectMax} characters at most)`,
  messageRequired: 'Please write a message.',
  messageTooLong: `Your message is too long (${SUPPORT_RULES.messageMax} characters at most)`,
  category: 'Please choose a category',
  notFound: 'Ticket not found',
  bookingNotFound: 'Booking not found',
  closed: 'This ticket is closed. Please open a new ticket.',
  cannotResolve: 'This ticket cannot be marked resolved now.',
  sameStatus: 'The ticket already has this status.',
  assigneeNotAdmin: 'Tickets can only be assigned to a support admin.',
  tooMany: 'You have opened many tickets recently. Please wait a moment and try again.',
  tooFast: 'You are sending messages very quickly. Please wait a moment and try again.',
} as const;

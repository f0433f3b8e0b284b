/**
 * Chat per booking (docs/chat.md): the rules both apps read. Pure: no I/O.
 */

import { daysBetween, localDateOf, type LocalDate } from './time';

/** messages.message_type; a file message's content is "filename|url". */
export const MESSAGE_TYPES = ['text', 'image', 'file'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** A file sent in a conversation: at most 10 MB. */
export const CHAT_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** The "is typing" indicator goes after this long without a keystroke. */
export const TYPING_INDICATOR_MS = 1000;

/** Files and text of a message. */
export const CHAT_RULES = {
  /** "File too large: Please select a file smaller than 10MB". */
  maxFileBytes: CHAT_FILE_MAX_BYTES,
  /** A text message, in characters (a message is a message, not a document). */
  maxTextLength: 2000,
  /** A file's name as shown, in characters (longer names are cut, keeping the extension). */
  maxFileNameLength: 120,
  /** Images: shown in the conversation. */
  imageTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  /** Other files: offered as a download. */
  documentTypes: [
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'text/plain',
  ],
  /** What the file picker offers (the server checks the bytes whatever the picker said). */
  accept: 'image/jpeg,image/png,image/webp,image/gif,.pdf,.doc,.docx,.txt,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain',
  /** The typing indicator turns off after this long without a typing event. */
  typingIndicatorMs: TYPING_INDICATOR_MS,
  /** A client sends `chat.typing` at most this often while the user types (under the 1 s above). */
  typingSendEveryMs: 600,
  /** The server forwards at most one typing event per connection and conversation this often; the rest are dropped. */
  typingServerMinGapMs: 250,
  /** Messages of one page (newest last). */
  pageSize: 100,
  /** Text messages one user may send per minute (all conversations), and files per 10 minutes. */
  messagesPerMinute: 60,
  filesPerTenMinutes: 20,
} as const;

/**
 * Payment states in which the booking is the professional's (paid, then perhaps refunded), so its
 * customer and its professional may talk (the bookings API shows a professional the same ones).
 */
export const CHAT_OPEN_PAYMENT_STATUSES = ['paid', 'refunded', 'partially_refunded'] as const;

/** §8 and §5's English copy (the web app has it in three languages; the server sends it as the fallback). */
export const CHAT_MESSAGES = {
  conversationCreated: 'Conversation created! You can now message the professional.',
  loadConversationsFailed: 'Failed to load conversations',
  createConversationFailed: 'Failed to create conversation',
  loadMessagesFailed: 'Failed to load messages',
  sendFailed: 'Failed to send message',
  uploadFailed: 'Failed to upload file',
  professionalNotFound: 'Unable to find professional',
  fileTooLarge: 'File too large: Please select a file smaller than 10MB',
  fileType: 'Please choose an image, a PDF, a Word document or a text file.',
  empty: 'Please write a message.',
  tooLong: `A message has at most ${2000} characters.`,
  notParticipant: 'This conversation is not yours.',
  notYetOpen: 'You can message the professional once the booking is paid.',
  tooFast: 'You are sending messages very quickly. Please wait a moment and try again.',
} as const;

/** How a conversation's last activity is labelled: Today, Yesterday, n days ago up to 7, then a date. */
export type ActivityLabel =
  | { kind: 'today' }
  | { kind: 'yesterday' }
  | { kind: 'daysAgo'; days: number }
  | { kind: 'date'; date: LocalDate };

/** The label of `instant` seen at `now`, by Casablanca's calendar (not the runtime's time zone). */
export function activityLabel(instant: Date, now: Date): ActivityLabel {
  const days = daysBetween(localDateOf(instant), localDateOf(now));
  if (days <= 0) return { kind: 'today' };
  if (days === 1) return { kind: 'yesterday' };
  if (days <= 7) return { kind: 'daysAgo', days };
  return { kind: 'date', date: localDateOf(instant) };
}

/** A file message's content is "filename|url" (docs/chat.md): split it (a name may not hold "|"). */
export function parseFileContent(content: string): { name: string; url: string } | null {
  const i = content.lastIndexOf('|');
  if (i <= 0 || i === content.length - 1) return null;
  return { name: content.slice(0, i), url: content.slice(i + 1) };
}

/** A file name safe to show and to store in "filename|url": no path, no "|", no control characters, not too long. */
export function cleanFileName(raw: string, fallback = 'file'): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let name = base.replace(/[\u0000-\u001f\u007f|]/g, '').trim();
  if (!name || name === '.' || name === '..') name = fallback;
  if (name.length > CHAT_RULES.maxFileNameLength) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = name.slice(0, CHAT_RULES.maxFileNameLength - ext.length) + ext;
  }
  return name;
}

/**
 * The shared contact schema's English messages (packages/shared schemas/contact.ts, also the server's
 * 400 `fields`) -> their keys in the site catalogue, so each shows in the reader's language.
 */
export const CONTACT_MESSAGE_KEYS = {
  'Please enter your name': 'contact.errorName',
  'Please enter a valid email address': 'contact.errorEmail',
  'Please enter a valid phone number': 'contact.errorPhone',
  'Please enter a message of at least 10 characters': 'contact.errorMessageShort',
  'Your message is too long (2000 characters at most)': 'contact.errorMessageLong',
} as const;

export type ContactMessageKey = (typeof CONTACT_MESSAGE_KEYS)[keyof typeof CONTACT_MESSAGE_KEYS];

export function contactMessageKey(message: string): ContactMessageKey | null {
  return (CONTACT_MESSAGE_KEYS as Record<string, ContactMessageKey>)[message] ?? null;
}

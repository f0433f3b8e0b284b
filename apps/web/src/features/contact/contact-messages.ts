/**
 * The shared contact schema's English messages (packages/shared schemas/contact.ts, also the server's
 * 400 `fields`) -> their keys in the site catalogue, so each shows in the reader's language.
 */
import { CONTACT_MESSAGES } from '@khedma/shared/schemas/contact';

export const CONTACT_MESSAGE_KEYS = {
  [CONTACT_MESSAGES.nameRequired]: 'contact.errorName',
  [CONTACT_MESSAGES.nameTooLong]: 'contact.errorNameLong',
  [CONTACT_MESSAGES.email]: 'contact.errorEmail',
  [CONTACT_MESSAGES.phone]: 'contact.errorPhone',
  [CONTACT_MESSAGES.messageTooShort]: 'contact.errorMessageShort',
  [CONTACT_MESSAGES.messageTooLong]: 'contact.errorMessageLong',
  [CONTACT_MESSAGES.singleLine]: 'contact.errorSingleLine',
  [CONTACT_MESSAGES.controlCharacters]: 'contact.errorCharacters',
} as const;

export type ContactMessageKey = (typeof CONTACT_MESSAGE_KEYS)[keyof typeof CONTACT_MESSAGE_KEYS];

export function contactMessageKey(message: string): ContactMessageKey | null {
  return (CONTACT_MESSAGE_KEYS as Record<string, ContactMessageKey>)[message] ?? null;
}

import { describe, expect, it } from 'vitest';
import { contactRequestSchema } from '@khedma/shared/schemas/contact';
import en from '../site/locales/en.json';
import { CONTACT_MESSAGE_KEYS, contactMessageKey } from './contact-messages';

const issues = (value: unknown) => {
  const result = contactRequestSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('contact form messages', () => {
  it('says a name is too long, not missing (100 characters at most)', () => {
    expect(issues({ name: 'x'.repeat(101), email: 'a@b.ma', message: 'A real question here.' })).toEqual([
      'Your name is too long (100 characters at most)',
    ]);
    expect(issues({ name: 'x'.repeat(100), email: 'a@b.ma', message: 'A real question here.' })).toEqual([]);
  });

  it('covers every message the shared schema produces', () => {
    const messages = new Set([
      ...issues({ name: '', email: 'nope', phone: 'abc', message: 'short' }),
      ...issues({ name: 'x'.repeat(200), email: 'a@b.ma', message: 'y'.repeat(2001) }),
      ...issues({ name: 'Evil\r\nBcc: x@example.com', email: 'a@b.ma', message: 'Hello\u0000 there, friend' }),
    ]);
    expect(messages.size).toBeGreaterThanOrEqual(8);
    for (const message of messages) expect(contactMessageKey(message), message).not.toBeNull();
  });

  it('translates to the same English words (the English catalogue repeats them exactly)', () => {
    for (const [message, key] of Object.entries(CONTACT_MESSAGE_KEYS)) {
      const [, leaf] = key.split('.') as [string, keyof typeof en.contact];
      expect(en.contact[leaf]).toBe(message);
    }
  });

  it('keeps the exact SPEC §8 success and failure messages', () => {
    expect(en.contact.success).toBe("Message sent successfully! We'll get back to you soon.");
    expect(en.contact.failure).toBe('Failed to send message. Please try again.');
  });
});

/** Subjects are one plain line whatever was typed (issue 38): no tags, no line breaks, no control characters. */
import { describe, expect, it } from 'vitest';
import { createEmailSender, plainSubject } from './email';
import type { OutboxRow } from './outbox-sink';

describe('plainSubject', () => {
  it('removes tags and stray brackets, turns line breaks and control characters into one space', () => {
    expect(plainSubject('Contact form: <b>Salma</b>')).toBe('Contact form: Salma');
    expect(plainSubject('Contact form: Salma\r\nBcc: x@example.com')).toBe('Contact form: Salma Bcc: x@example.com');
    expect(plainSubject('a\u0000b\u202ec\u2028d')).toBe('a b c d');
    expect(plainSubject('<script>alert(1)</script>Hi <img src=x onerror=alert(1)')).toBe('alert(1)Hi img src=x onerror=alert(1)');
    expect(plainSubject('Réservation 3F2A9C1E confirmée — الحجز')).toBe('Réservation 3F2A9C1E confirmée — الحجز');
    expect(plainSubject('x'.repeat(500))).toHaveLength(200);
    // Money's no-break spaces stay (French-Moroccan format).
    expect(plainSubject('Your payout of 1\u202f200\u00a0MAD has been sent')).toBe('Your payout of 1\u202f200\u00a0MAD has been sent');
  });

  it('is applied to every email the sender sends', async () => {
    const rows: OutboxRow[] = [];
    const sender = createEmailSender({ from: 'Khedma <no-reply@khedma.ma>', outbox: { add: async (r: OutboxRow) => void rows.push(r) } as never, log: { warn() {} } as never });
    await sender.send({ to: 'a@example.ma', subject: 'Hello <i>there</i>\r\nX-Evil: 1', text: 'Body' });
    expect(rows[0]!.subject).toBe('Hello there X-Evil: 1');
    await sender.send({ to: 'a@example.ma', subject: 'A\nB', text: 'x' });
    expect(rows[1]!.subject).toBe('A B');
  });
});

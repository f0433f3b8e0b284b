import { describe, expect, it } from 'vitest';
import { compareSupportQueue, nextSupportStatus, supportAutoCloseAt, supportFirstAnswerDue, SUPPORT_RULES, userMayReply, userMayResolve } from './support';

describe('support ticket statuses (docs/support.md)', () => {
  it("gives the turn back to support on the person's reply, reopening a resolved ticket", () => {
    expect(nextSupportStatus('waiting_for_user', { kind: 'user_reply' })).toBe('open');
    expect(nextSupportStatus('resolved', { kind: 'user_reply' })).toBe('open');
    expect(nextSupportStatus('open', { kind: 'user_reply' })).toBe('open');
    expect(nextSupportStatus('closed', { kind: 'user_reply' })).toBeNull();
  });

  it("waits for the person after support's answer, without reopening a settled ticket", () => {
    expect(nextSupportStatus('open', { kind: 'support_reply' })).toBe('waiting_for_user');
    expect(nextSupportStatus('waiting_for_user', { kind: 'support_reply' })).toBe('waiting_for_user');
    expect(nextSupportStatus('resolved', { kind: 'support_reply' })).toBe('resolved');
    expect(nextSupportStatus('closed', { kind: 'support_reply' })).toBe('closed');
  });

  it('lets the person mark an open or answered ticket resolved, and nothing else', () => {
    expect(nextSupportStatus('open', { kind: 'user_resolve' })).toBe('resolved');
    expect(nextSupportStatus('waiting_for_user', { kind: 'user_resolve' })).toBe('resolved');
    expect(nextSupportStatus('resolved', { kind: 'user_resolve' })).toBeNull();
    expect(nextSupportStatus('closed', { kind: 'user_resolve' })).toBeNull();
    expect(userMayResolve('open')).toBe(true);
    expect(userMayReply('closed')).toBe(false);
  });

  it('closes only resolved tickets automatically, and support sets any other status', () => {
    expect(nextSupportStatus('resolved', { kind: 'auto_close' })).toBe('closed');
    expect(nextSupportStatus('open', { kind: 'auto_close' })).toBeNull();
    expect(nextSupportStatus('closed', { kind: 'support_set', status: 'open' })).toBe('open');
    expect(nextSupportStatus('open', { kind: 'support_set', status: 'open' })).toBeNull();
  });

  it('closes a resolved ticket autoCloseDays later and promises the first answer firstAnswerHours after opening', () => {
    const at = new Date('2026-11-01T10:00:00Z');
    expect(supportAutoCloseAt(at).getTime() - at.getTime()).toBe(SUPPORT_RULES.autoCloseDays * 86_400_000);
    expect(supportFirstAnswerDue(at).toISOString()).toBe('2026-11-01T14:00:00.000Z');
  });

  it('orders the queue: waiting for support first, the longest waiting first', () => {
    const d = (s: string) => new Date(`2026-11-01T${s}:00Z`);
    const rows = [
      { id: 'answered', status: 'waiting_for_user' as const, waitingSince: null, updatedAt: d('08:00') },
      { id: 'recent', status: 'open' as const, waitingSince: d('11:00'), updatedAt: d('11:00') },
      { id: 'oldest', status: 'open' as const, waitingSince: d('09:00'), updatedAt: d('12:00') },
    ];
    expect([...rows].sort(compareSupportQueue).map((r) => r.id)).toEqual(['oldest', 'recent', 'answered']);
  });
});

import { describe, expect, it } from 'vitest';
import { activityLabel, cleanFileName, parseFileContent } from './chat';

describe('activityLabel (Casablanca calendar)', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  it('today, yesterday, n days ago up to 7, then the date', () => {
    expect(activityLabel(new Date('2026-11-25T00:30:00Z'), now)).toEqual({ kind: 'today' });
    expect(activityLabel(new Date('2026-11-24T23:59:00Z'), now)).toEqual({ kind: 'yesterday' });
    expect(activityLabel(new Date('2026-11-22T12:00:00Z'), now)).toEqual({ kind: 'daysAgo', days: 3 });
    expect(activityLabel(new Date('2026-11-18T12:00:00Z'), now)).toEqual({ kind: 'daysAgo', days: 7 });
    expect(activityLabel(new Date('2026-11-17T12:00:00Z'), now)).toEqual({ kind: 'date', date: '2026-11-17' });
  });
  it('follows Casablanca, not UTC: in summer time (UTC+1 before 2026-09-20) 23:30 UTC is already the next day', () => {
    const summerNow = new Date('2025-07-02T08:00:00Z');
    // 2025-07-01 23:30 UTC is 2025-07-02 00:30 in Casablanca (UTC+1): today, although UTC says yesterday.
    expect(activityLabel(new Date('2025-07-01T23:30:00Z'), summerNow)).toEqual({ kind: 'today' });
    expect(activityLabel(new Date('2025-07-01T22:30:00Z'), summerNow)).toEqual({ kind: 'yesterday' });
  });
  it('a clock a little ahead of the server says today, not "-1 days ago"', () => {
    expect(activityLabel(new Date('2026-11-25T10:00:05Z'), now)).toEqual({ kind: 'today' });
  });
});

describe('file content', () => {
  it('splits "filename|url" at the last bar', () => {
    expect(parseFileContent('plan.pdf|/api/chat/files/a/b')).toEqual({ name: 'plan.pdf', url: '/api/chat/files/a/b' });
    expect(parseFileContent('no bar')).toBeNull();
  });
  it('cleans names: no path, no bar, no control characters, at most 120 characters keeping the extension', () => {
    expect(cleanFileName('C:\\Users\\me\\devis|2.pdf')).toBe('devis2.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('\u0000\n')).toBe('file');
    const long = cleanFileName(`${'a'.repeat(300)}.docx`);
    expect(long).toHaveLength(120);
    expect(long.endsWith('.docx')).toBe(true);
  });
});

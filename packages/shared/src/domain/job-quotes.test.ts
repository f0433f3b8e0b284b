import { describe, expect, it } from 'vitest';
import { SERVICE_FEE_RATE } from './pricing';
import { JOB_QUOTE_RULES, jobQuotePrice, jobQuoteSubtotal, jobRequestClosesOn, latestValidity, quoteState, reopenNotice, requestState } from './job-quotes';

describe('job quotes', () => {
  it('prices an accepted quote as any booking: the lines are the service price, the 15% fee on top', () => {
    const lines = [
      { label: 'Truck and three movers', amount: 1200 },
      { label: 'Packing materials', amount: 155 },
    ];
    expect(jobQuoteSubtotal(lines)).toBe(1355);
    const price = jobQuotePrice(lines, 'Whole-home move');
    expect(price.servicePrice).toBe(1355);
    expect(price.serviceFee).toBe(Math.round(1355 * SERVICE_FEE_RATE));
    expect(price.total).toBe(1355 + price.serviceFee);
    expect(price.lines.map((l) => l.kind)).toEqual(['service', 'fee']);
  });

  it('a request closes after its open days; a quote is valid at most 14 days and never past its visit', () => {
    expect(jobRequestClosesOn('2026-12-28')).toBe('2027-01-04');
    expect(JOB_QUOTE_RULES.requestOpenDays).toBe(7);
    expect(latestValidity('2026-11-28', '2026-12-01')).toBe('2026-12-01');
    expect(latestValidity('2026-11-28', '2026-12-25')).toBe('2026-12-12');
  });

  it('states as the reader sees them: past validity or closing day is expired, other states stay', () => {
    expect(quoteState('submitted', '2026-11-27', '2026-11-28')).toBe('expired');
    expect(quoteState('submitted', '2026-11-28', '2026-11-28')).toBe('submitted');
    expect(quoteState('accepted', '2026-11-01', '2026-11-28')).toBe('accepted');
    expect(requestState('open', '2026-11-27', '2026-11-28')).toBe('expired');
    expect(requestState('open', '2026-11-28', '2026-11-28')).toBe('open');
    expect(requestState('accepted', '2026-11-01', '2026-11-28')).toBe('accepted');
  });
});

describe('a request open again after an unpaid booking', () => {
  const today = '2026-12-01';
  it('tells a professional whose declined quote is open again and valid, and one who has not quoted', () => {
    expect(reopenNotice({ status: 'submitted', validUntil: '2026-12-01' }, today)).toBe('quote_open');
    expect(reopenNotice(null, today)).toBe('request_open');
  });
  it('tells nobody else: the lapsed quote, a withdrawn or declined one, one past its validity', () => {
    expect(reopenNotice({ status: 'expired', validUntil: '2026-12-05' }, today)).toBeNull();
    expect(reopenNotice({ status: 'withdrawn', validUntil: '2026-12-05' }, today)).toBeNull();
    expect(reopenNotice({ status: 'declined', validUntil: '2026-12-05' }, today)).toBeNull();
    expect(reopenNotice({ status: 'submitted', validUntil: '2026-11-30' }, today)).toBeNull();
  });
});

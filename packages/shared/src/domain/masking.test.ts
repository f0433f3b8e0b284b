import { describe, expect, it } from 'vitest';
import { maskEmail, maskIban, maskMiddle, maskPhone, maskTaxId } from './masking';

describe('masking (docs/admin.md)', () => {
  it('phone keeps the first 3 and last 2 digits', () => {
    expect(maskPhone('+212 612-345-678')).toBe('+212•••••••78');
    expect(maskPhone('0612345678')).toBe('061•••••78');
    expect(maskPhone(null)).toBeNull();
  });
  it('email keeps the first and last character of the local part', () => {
    expect(maskEmail('youssef.amrani@example.ma')).toBe('y••••••••••••i@example.ma');
    expect(maskEmail('ab@x.ma')).toBe('•••@x.ma');
  });
  it('IBAN/RIB keeps the first 4 and last 4, tax id the first 2 and last 2', () => {
    expect(maskIban('MA64 0111 1000 0000 0123 4567 8901')).toBe('MA64' + '•'.repeat(20) + '8901');
    expect(maskTaxId('12345678')).toBe('12••••78');
  });
  it('never gives a short value back whole', () => {
    expect(maskMiddle('abc', 2, 2)).toBe('••••');
    expect(maskTaxId('1234')).toBe('••••');
    expect(maskIban('MA641234')).toBe('••••••••');
  });
});

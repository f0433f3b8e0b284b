import { addDays, localDateOf } from '@khedma/shared/domain/time';

/**
 * The Casablanca calendar date `days` from now, by the product's own rules (Morocco on UTC+0 since
 * 2026-09-20): never the runtime's Intl, whose time-zone data may be older (Node 20.20 carries IANA
 * 2025c, UTC+1) and would name the wrong day between 23:00 and midnight UTC.
 */
export function casablancaDate(days: number): string {
  return addDays(localDateOf(new Date()), days);
}

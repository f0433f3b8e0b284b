import { wallClockAsUtc } from '@khedma/shared/domain/time';
import type { Language } from './i18n';

/**
 * Formatting of money, durations, dates and times (DESIGN.md "Voice", docs/README.md).
 *
 * Money: whole MAD in French-Morocco style, "1 250 MAD", in every language (Latin digits, "MAD" rather
 * than "درهم", so a price reads the same on every screen, email and receipt). We do not call
 * Intl.NumberFormat('fr-MA') for it: CLDR's fr-MA groups thousands with a dot ("1.250"), which readers
 * take for a decimal point, and browsers ship different ICU versions, so the output would differ between
 * Node, Chrome and Safari. Instead the grouping is fixed: a narrow no-break space (U+202F, as in fr)
 * between thousands, and a no-break space before "MAD" so the amount never wraps away from its currency.
 *
 * Dates and times: always in the Africa/Casablanca time zone, in the reader's language, 24-hour clock,
 * Latin digits (ar-MA uses them too; nu-latn makes it explicit). The Casablanca wall clock comes from the
 * time-zone rules the product ships (@khedma/shared's time.ts, decision 0016), never from the browser's
 * own data, which may be older or newer than the server's (issue 20): Intl only prints that wall clock,
 * in UTC.
 */

export const CURRENCY = 'MAD';
const GROUP_SEPARATOR = '\u202f';
const NBSP = '\u00a0';

/** formatMoney(1250) -> "1 250 MAD" (U+202F between thousands, U+00A0 before MAD). Rounds to whole MAD. */
export function formatMoney(amount: number): string {
  if (!Number.isFinite(amount)) return `–${NBSP}${CURRENCY}`;
  const rounded = Math.round(amount);
  const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
  return `${rounded < 0 ? '-' : ''}${digits}${NBSP}${CURRENCY}`;
}

/** An hourly rate: "250 MAD/h" (fr "250 MAD/h", ar "250 MAD/س"). */
export function formatHourlyRate(amount: number, language: Language): string {
  return `${formatMoney(amount)}/${DURATION_UNITS[language].hour}`;
}

const DURATION_UNITS: Record<Language, { hour: string; minute: string; spaced: boolean }> = {
  en: { hour: 'h', minute: 'min', spaced: false }, // 2h 30min
  fr: { hour: 'h', minute: 'min', spaced: true }, // 2 h 30 min
  ar: { hour: 'س', minute: 'د', spaced: true }, // 2 س 30 د (ساعة، دقيقة)
};

/** formatDuration(150, 'en') -> "2h 30min"; 'fr' -> "2 h 30 min"; 'ar' -> "2 س 30 د". Input in minutes. */
export function formatDuration(totalMinutes: number, language: Language): string {
  const minutesTotal = Math.max(0, Math.round(totalMinutes));
  const hours = Math.floor(minutesTotal / 60);
  const minutes = minutesTotal % 60;
  const units = DURATION_UNITS[language];
  const join = (value: number, unit: string) => (units.spaced ? `${value}${NBSP}${unit}` : `${value}${unit}`);
  const parts: string[] = [];
  if (hours > 0) parts.push(join(hours, units.hour));
  if (minutes > 0 || hours === 0) parts.push(join(minutes, units.minute));
  return parts.join(' ');
}

const LOCALES: Record<Language, string> = {
  en: 'en-GB', // day-month order and 24-hour clock, as read in Morocco
  // Not fr-MA for dates: its CLDR abbreviations make June and July both "jui.".
  fr: 'fr',
  ar: 'ar-MA', // Moroccan month names (ماي، يوليوز، غشت، شتنبر...)
};

/** The BCP 47 locale used for Intl formatting in each interface language. */
export function intlLocale(language: Language): string {
  return `${LOCALES[language]}-u-nu-latn`;
}

type DateInput = Date | string | number;

/** The Casablanca wall clock of the value, as a Date to format in UTC (Invalid Date stays invalid). */
function toWallClock(value: DateInput): Date {
  const instant = value instanceof Date ? value : new Date(value);
  return Number.isNaN(instant.getTime()) ? instant : wallClockAsUtc(instant);
}

/** CLDR's separators for the Intl locales below (en-GB, fr, ar-MA with Latin digits); the tests check them against Intl. */
const NUMBER_SEPARATORS: Record<Language, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  fr: { group: GROUP_SEPARATOR, decimal: ',' },
  ar: { group: '.', decimal: ',' },
};

/**
 * A number with a fixed count of decimals in the language's conventions (what Intl.NumberFormat gives
 * for intlLocale(language)), written by hand like formatMoney: building the first Intl formatter costs
 * tens of milliseconds on a phone, and the home page's count-up formats on every frame.
 */
export function formatNumber(value: number, language: Language, decimals = 0): string {
  const { group, decimal } = NUMBER_SEPARATORS[language];
  const [whole = '0', fraction] = Math.abs(value).toFixed(decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const negative = value < 0 && Number(whole + (fraction ?? '')) !== 0;
  return `${negative ? '-' : ''}${grouped}${fraction ? `${decimal}${fraction}` : ''}`;
}

const KILOMETRE: Record<Language, string> = { en: 'km', fr: 'km', ar: 'كم' };

/**
 * A distance to the tenth of a km in the reader's number format, the unit kept with it (U+00A0):
 * "3.2 km", fr "3,2 km", ar "3,2 كم" (issue 42: the admin's reassignment candidates).
 */
export function formatDistance(km: number, language: Language): string {
  return `${formatNumber(km, language, 1)}${NBSP}${KILOMETRE[language]}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocale(language), { timeZone: 'UTC', ...options });
    formatters.set(key, formatter);
  }
  return formatter;
}

export type DateStyle = 'short' | 'medium' | 'long' | 'full';

/** A date in Casablanca: 'medium' -> "5 Mar 2025" / "5 mars 2025" / "5 مارس 2025". */
export function formatDate(value: DateInput, language: Language, style: DateStyle = 'medium'): string {
  const options: Record<DateStyle, Intl.DateTimeFormatOptions> = {
    short: { day: '2-digit', month: '2-digit', year: 'numeric' },
    medium: { day: 'numeric', month: 'short', year: 'numeric' },
    long: { day: 'numeric', month: 'long', year: 'numeric' },
    full: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  };
  return dateTimeFormat(language, options[style]).format(toWallClock(value));
}

/**
 * A calendar date the server already put on the Casablanca wall clock ("2026-12-03"), formatted in
 * the reader's language without any time-zone conversion.
 */
export function formatLocalDate(date: string, language: Language, style: DateStyle = 'medium'): string {
  const options: Record<DateStyle, Intl.DateTimeFormatOptions> = {
    short: { day: '2-digit', month: '2-digit', year: 'numeric' },
    medium: { day: 'numeric', month: 'short', year: 'numeric' },
    long: { day: 'numeric', month: 'long', year: 'numeric' },
    full: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  };
  // Noon UTC formatted in UTC is that calendar day everywhere.
  return new Intl.DateTimeFormat(intlLocale(language), { timeZone: 'UTC', ...options[style] }).format(new Date(`${date}T12:00:00Z`));
}

/** A time of day in Casablanca, 24-hour: "14:30". */
export function formatTime(value: DateInput, language: Language): string {
  return dateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(toWallClock(value));
}

/** Date and time in Casablanca, 24-hour: "5 Mar 2025, 14:30" (the joining word is the language's own). */
export function formatDateTime(value: DateInput, language: Language): string {
  return dateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(toWallClock(value));
}

/** A plain list of names: "Anfa, Maarif" / Arabic "أنفا، المعاريف" (the Arabic comma, U+060C). */
export function formatList(items: readonly string[], language: Language): string {
  return items.join(language === 'ar' ? '، ' : ', ');
}

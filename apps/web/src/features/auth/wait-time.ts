/**
 * "5 minutes" / "5 minutes" / "5 دقايق": how long a rate-limited visitor waits, in their language,
 * with the plural rules of Intl (i18next catalogues stay free of per-language plural keys).
 */
export function formatWait(seconds: number | undefined, language: string): string | null {
  if (!seconds || !Number.isFinite(seconds) || seconds <= 0) return null;
  const minutes = Math.ceil(seconds / 60);
  const [value, unit] = seconds < 90 ? [Math.ceil(seconds), 'second'] : [minutes, 'minute'];
  try {
    return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
  } catch {
    return `${value} ${unit}s`;
  }
}

import { useTranslation } from './use-translation';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './i18n';

/** A text in the three interface languages, as the API sends it. */
export type LocalizedText = Record<Language, string>;

/** The text in `language`, falling back to English when that translation is empty. */
export function pickLocalized(text: LocalizedText | null | undefined, language: Language): string {
  if (!text) return '';
  return text[language]?.trim() ? text[language] : text[DEFAULT_LANGUAGE];
}

/** The current interface language; re-renders the caller when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets the document title ("<Page> | Khedma", in the current language) and, when given, the meta
 * description. Render once per page, next to its h1.
 */
export function Seo({ title, description }: { title: string; description?: string }) {
  const { t } = useTranslation();
  const fullTitle = t('app.titleTemplate', { page: title });

  useEffect(() => {
    document.title = fullTitle;
  }, [fullTitle]);

  useEffect(() => {
    if (!description) return;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);

  return null;
}

import { ArrowUp, Cookie } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useLocation } from 'react-router';
import { Seo } from '../../../components/seo';
import { Button } from '../../../components/ui/button';
import { PageIntro } from '../../../components/ui/page-intro';
import { openCookieSettings } from '../../../lib/events';
import { formatDate } from '../../../lib/format';
import { DEFAULT_LANGUAGE, directionOf, isLanguage, type Language } from '../../../lib/i18n';
import { loadLegalDocument, peekLegalDocument, type LegalDocument, type LegalDocumentId } from '../content';
import { RichText } from './rich-text';
import { TableOfContents } from './table-of-contents';

interface Loaded {
  id: LegalDocumentId;
  language: Language;
  document: LegalDocument;
}

/**
 * Loads the current language's text of a legal document, and loads it again when the language changes.
 * While the next language loads, the previous text stays on screen (marked with its own lang and dir),
 * so switching language from the footer does not collapse the page and lose the reading position.
 */
function useLegalDocument(id: LegalDocumentId) {
  const { i18n } = useTranslation('legal');
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  const language: Language = isLanguage(resolved) ? resolved : DEFAULT_LANGUAGE;
  const cached = peekLegalDocument(id, language);

  const [loaded, setLoaded] = useState<Loaded>();
  const [failed, setFailed] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const key = `${id}.${language}`;

  useEffect(() => {
    if (cached) return;
    let cancelled = false;
    loadLegalDocument(id, language).then(
      (document) => {
        if (cancelled) return;
        setLoaded({ id, language, document });
        setFailed(undefined);
      },
      () => {
        if (!cancelled) setFailed(`${id}.${language}`);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [id, language, cached, attempt]);

  const current: Loaded | undefined = cached ? { id, language, document: cached } : loaded?.id === id ? loaded : undefined;
  return {
    language,
    current,
    failed: failed === key && !cached,
    retry: () => {
      setFailed(undefined);
      setAttempt((value) => value + 1);
    },
  };
}

/** Brings a section named in the URL (/terms#cancellation) into view once the text has arrived. */
function useScrollToHashOnce(ready: boolean) {
  const { hash } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    done.current = true;
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [ready, hash]);
}

/** A legal page (terms, privacy, cookies): h1 and date, table of contents, numbered sections. */
export function LegalDocumentPage({ id }: { id: LegalDocumentId }) {
  const { t } = useTranslation(['translation', 'legal']);
  const { language, current, failed, retry } = useLegalDocument(id);
  useScrollToHashOnce(Boolean(current));

  const title = t(`pages.${id}.title`);
  const doc = current?.document;
  // The text on screen may briefly be the previous language's while the new one loads.
  const textLanguage = current?.language ?? language;
  const updated = doc?.updated;

  return (
    <>
      {/* /terms-new and /privacy-new show the same text as /terms and /privacy: one canonical URL for both. */}
      <Seo title={title} description={current?.language === language ? doc?.description : undefined} canonicalPath={`/${id}`} />
      <PageIntro title={title}>
        {updated ? (
          <p className="mt-3 text-sm text-ink-muted">
            {t('legal:updated')}{' '}
            <time dateTime={updated} className="font-medium text-ink">
              {formatDate(`${updated}T12:00:00Z`, language, 'long')}
            </time>
          </p>
        ) : null}
      </PageIntro>

      <div className="container-page py-8 md:py-12">
        {failed ? (
          <div role="alert" className="max-w-[70ch] rounded-card border border-sand-200 bg-white p-6">
            <p className="text-ink">{t('legal:loadError')}</p>
            <Button variant="secondary" className="mt-4" onClick={retry}>
              {t('common.retry')}
            </Button>
          </div>
        ) : !doc ? (
          <DocumentSkeleton label={t('common.loading')} />
        ) : (
          <div
            lang={textLanguage}
            dir={directionOf(textLanguage)}
            aria-busy={textLanguage !== language || undefined}
            className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start lg:gap-12 xl:grid-cols-[18rem_minmax(0,1fr)]"
          >
            <TableOfContents sections={doc.sections} />

            <div className="mt-8 max-w-[70ch] lg:mt-0">
              {doc.intro.map((paragraph, index) => (
                <p key={index} className="mb-4 text-lg text-ink text-pretty">
                  <RichText text={paragraph} language={textLanguage} />
                </p>
              ))}

              {doc.sections.map((section, index) => (
                <section key={section.id} className="mt-10 first-of-type:mt-8">
                  <h2 id={section.id} className="flex scroll-mt-24 gap-2 text-xl font-bold text-ink text-balance md:text-2xl">
                    <span className="shrink-0 text-primary-700 tabular-nums">{index + 1}.</span>{' '}
                    <span>{section.heading}</span>
                  </h2>
                  <div className="mt-3 space-y-3 text-ink [overflow-wrap:break-word]">
                    {section.paragraphs.map((paragraph, p) => (
                      <p key={p}>
                        <RichText text={paragraph} language={textLanguage} />
                      </p>
                    ))}
                    {section.list ? (
                      <ul className="list-disc space-y-2 ps-6 marker:text-primary-600">
                        {section.list.map((item, i) => (
                          <li key={i} className="ps-1">
                            <RichText text={item} language={textLanguage} />
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    {section.after?.map((paragraph, p) => (
                      <p key={p}>
                        <RichText text={paragraph} language={textLanguage} />
                      </p>
                    ))}
                    {section.action === 'cookie-settings' ? (
                      <Button variant="secondary" className="mt-2" onClick={openCookieSettings}>
                        <Cookie aria-hidden="true" className="size-4 shrink-0" />
                        {t('legal:openCookieSettings')}
                      </Button>
                    ) : null}
                  </div>
                </section>
              ))}

              <p className="mt-12 border-t border-sand-200 pt-6">
                <a
                  href="#main"
                  className="inline-flex min-h-11 items-center gap-2 rounded-lg font-semibold text-primary-700 underline-offset-4 hover:underline"
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                  {t('legal:backToTop')}
                </a>
              </p>
            </div>
          </div>
        )}
      </div>
    </>
  );
}

function DocumentSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className="max-w-[70ch] animate-pulse space-y-4 lg:ms-[19rem] xl:ms-[21rem]">
      <span className="sr-only">{label}</span>
      {[92, 100, 85, 60, 100, 96, 70].map((width, index) => (
        <div key={index} aria-hidden="true" className="h-4 rounded bg-sand-200" style={{ width: `${width}%` }} />
      ))}
    </div>
  );
}

import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { cn } from '../../../components/ui/cn';
import type { LegalSection } from '../content';

/**
 * "On this page": anchor links to the numbered sections. A sticky column on desktop (lg and up);
 * on phones and tablets a disclosure button above the text, closed by default so the text comes first.
 * The link of the section being read is marked with aria-current="location".
 */
export function TableOfContents({ sections }: { sections: LegalSection[] }) {
  const { t } = useTranslation('legal');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const active = useActiveSection(sections);

  return (
    <nav
      aria-label={t('toc')}
      className="rounded-card border border-sand-200 bg-white lg:sticky lg:top-24 lg:max-h-[calc(100dvh-7rem)] lg:overflow-y-auto lg:overscroll-contain lg:border-0 lg:bg-transparent"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-12 w-full items-center justify-between gap-3 rounded-card px-4 text-start font-semibold text-ink lg:hidden"
      >
        {t('toc')}
        <ChevronDown aria-hidden="true" className={cn('size-5 shrink-0 transition-transform duration-200', open && 'rotate-180')} />
      </button>
      <p aria-hidden="true" className="hidden px-3 pb-2 text-sm font-semibold text-ink lg:block">
        {t('toc')}
      </p>
      <ol id={listId} className={cn('space-y-0.5 px-2 pb-3 lg:block lg:px-0 lg:pb-0', open ? 'block' : 'hidden')}>
        {sections.map((section, index) => {
          const current = section.id === active;
          return (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                aria-current={current ? 'location' : undefined}
                onClick={() => setOpen(false)}
                className={cn(
                  'flex min-h-11 items-start gap-2 rounded-lg border-s-2 px-3 py-2 text-sm no-underline transition-colors focus-visible:-outline-offset-2 lg:min-h-9 lg:py-1.5',
                  current
                    ? 'border-primary-600 bg-primary-50 font-semibold text-primary-800'
                    : 'border-transparent text-ink-muted hover:bg-sand-100 hover:text-ink',
                )}
              >
                <span className="min-w-5 shrink-0 tabular-nums">{index + 1}.</span>{' '}
                <span>{section.heading}</span>
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The section whose heading was last scrolled past the top of the viewport (below the sticky header). */
function useActiveSection(sections: LegalSection[]): string | undefined {
  const [active, setActive] = useState<string>();
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const headings = sections
      .map((section) => document.getElementById(section.id))
      .filter((element): element is HTMLElement => element !== null);
    if (!headings.length) return;
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        // The first heading in the reading band wins; none in it keeps the previous one.
        const first = headings.find((heading) => visible.has(heading.id));
        if (first) setActive(first.id);
      },
      // A band from just under the sticky header to 60% of the viewport height.
      { rootMargin: '-80px 0px -40% 0px' },
    );
    headings.forEach((heading) => observer.observe(heading));
    return () => observer.disconnect();
  }, [sections]);
  return active;
}

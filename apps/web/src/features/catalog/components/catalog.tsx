import { MessageCircle, SearchX } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths, SERVICE_CATEGORIES, toServiceCategory, withQuery, type ServiceCategory } from '../../../config/paths';
import { CATEGORY_VISUALS } from '../../../entities/catalog/components/category-visual';
import { Seo } from '../../../components/seo';
import { ServiceCard, ServiceCardIcons, ServiceCardSkeleton } from '../../../entities/catalog/components/service-card';
import { Deferred } from '../../../components/deferred';
import { Button, ButtonLink } from '../../../components/ui/button';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { ChipGroup, type ChipOption } from '../../../components/ui/chips';
import { SearchInput } from '../../../components/ui/search-input';
import { useServices } from '../../../entities/catalog/api';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/debounce';

type ChipValue = ServiceCategory | 'all';

/**
 * The catalogue (docs/catalog.md Services catalogue): hero, the #search section with a debounced server-side
 * search and the category chips, the cards sorted by category then price, and "Can't find what
 * you're looking for?". `/services?q=&category=` and `/services/{category}` (a category page: its own
 * heading and title) both land here; the search text and category stay in the address.
 */
export function Catalogue({ routeCategory }: { routeCategory?: ServiceCategory }) {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const category = routeCategory ?? toServiceCategory(params.get('category') ?? undefined);
  const urlQuery = (params.get('q') ?? '').trim();
  const [text, setText] = useState(urlQuery);
  const searchId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  // Words typed before the app took the page over are in the box (React keeps them while it takes over):
  // they count as typed.
  useLayoutEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (typed !== urlQuery) setText(typed);
    // Once, when the page is taken over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The address changed (back/forward, a link): show its text. Not when it is our own write below
  // arriving: the router applies it in a transition, and on a busy phone the reader has typed on by
  // then ("le" while the address takes "l"); showing the address's text would drop those keys ("leak"
  // became "lak"). The words typed go into the address at the next write.
  const [shownUrlQuery, setShownUrlQuery] = useState(urlQuery);
  const [ownWrite, setOwnWrite] = useState<string | null>(null);
  if (urlQuery !== shownUrlQuery) {
    setShownUrlQuery(urlQuery);
    if (ownWrite !== null) setOwnWrite(null);
    if (urlQuery !== ownWrite && urlQuery !== text.trim()) setText(urlQuery);
  }

  // A chip's navigation under way carries the text typed (Show all services clears it): until a
  // navigation lands (the address's key changes: the chip's, or another that replaced it), the debounced
  // write below waits. Made against the old address, the write replaced that navigation: on a slow phone
  // it can take longer than the debounce, and a chip pressed within 300 ms of typing lost its category to
  // the write of the words typed.
  const { key: locationKey } = useLocation();
  const awaitingFrom = useRef<string | null>(null);
  const pendingWrite = useRef<number | undefined>(undefined);

  // Typing settles for 300 ms, then the text goes into the address (no history entry), and the
  // address drives the server search: a reload or a shared link shows the same results.
  useEffect(() => {
    if (awaitingFrom.current !== null) {
      if (locationKey === awaitingFrom.current) return;
      awaitingFrom.current = null;
    }
    const q = text.trim();
    if (q === urlQuery) return;
    const id = window.setTimeout(() => {
      setOwnWrite(q);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (q) next.set('q', q);
          else next.delete('q');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    pendingWrite.current = id;
    return () => window.clearTimeout(id);
  }, [text, urlQuery, locationKey, setParams]);

  const query = urlQuery;
  const services = useServices({ q: query, category });

  // The chip pressed shows at once. The list follows the address in the router's transition, which
  // on the first tap after the server-rendered page was taken over also takes over every card still
  // waiting (components/deferred.tsx: a change of the router's state reaches into each): seconds on a
  // slow phone. Cleared once the address has moved.
  const shownCategory: ChipValue = category ?? 'all';
  const [chosen, setChosen] = useState<{ value: ChipValue; from: ChipValue } | null>(null);
  if (chosen && chosen.from !== shownCategory) setChosen(null);

  /** Where a chip leads: the category (or the whole catalogue) with the search text, at the search section. */
  const chipHref = (value: ChipValue, q: string) => {
    const next = value === 'all' ? undefined : value;
    if (routeCategory) return withQuery(next ? paths.serviceCategory(next) : paths.services(), { q: q || undefined }, 'search');
    return withQuery(paths.services(), { q: q || undefined, category: next }, 'search');
  };

  /**
   * A category chip (the search text stays, even words typed in the last 300 ms), or "Show all services"
   * (`keepSearch` false: the search goes too).
   */
  const chooseCategory = (value: ChipValue, keepSearch = true) => {
    const next = value === 'all' ? undefined : value;
    const q = keepSearch ? text.trim() : '';
    if (value !== shownCategory) setChosen({ value, from: shownCategory });
    // This navigation writes the text itself: the debounced write waits for it.
    window.clearTimeout(pendingWrite.current);
    awaitingFrom.current = locationKey;
    if (routeCategory) {
      // A category page: go to the other category's page (or the whole catalogue), at the search section.
      // Chips filter, as on /services: the entry is replaced, so Back leaves the catalogue instead of
      // stepping through every chip pressed.
      void navigate(chipHref(value, q), { replace: true });
      return;
    }
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('category', next);
        else updated.delete('category');
        if (q) updated.set('q', q);
        else updated.delete('q');
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const chipLabels = useMemo(
    () => [
      { value: 'all' as ChipValue, label: t('categories.all') },
      ...SERVICE_CATEGORIES.map((slug) => {
        const { Icon } = CATEGORY_VISUALS[slug];
        return { value: slug as ChipValue, label: t(`categories.${slug}`), icon: <Icon aria-hidden="true" className="size-4" /> };
      }),
    ],
    [t],
  );
  // Links (docs/public-site.md): before and without JavaScript a chip asks the server for its page.
  const typed = text.trim();
  const chips: ChipOption<ChipValue>[] = useMemo(
    () => chipLabels.map((chip) => ({ ...chip, href: chipHref(chip.value, typed) })),
    // chipHref reads only routeCategory.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [chipLabels, typed, routeCategory],
  );

  // Written out per category and language: French elides ("d’électricité") and lowercases the noun, Arabic
  // needs the article on some names, so a "{{category}} services" template reads wrong.
  const title = routeCategory ? t(`catalogue.categoryPages.${routeCategory}.title`) : t('catalogue.title');
  const description = routeCategory
    ? t(`catalogue.categoryPages.${routeCategory}.description`)
    : t('catalogue.description');
  const list = services.data;
  const pending = text.trim() !== query || chosen !== null || (services.isFetching && services.isPlaceholderData);
  // Made once per list: rendering the page again for the pressed chip or the pending state leaves the
  // cards (and those still showing the server's HTML) untouched.
  const cards = useMemo(
    () =>
      list?.map((service, index) => (
        <li key={service.id} className="flex">
          {/* Most cards are below the fold on a phone: each is taken over as it comes near. */}
          <Deferred className="flex w-full flex-col [&>article]:flex-1" offscreen="skip-offscreen [--offscreen-block-size:25rem] sm:[--offscreen-block-size:30rem]">
            <ServiceCard service={service} eager={index < 3} />
          </Deferred>
        </li>
      )),
    [list],
  );

  return (
    <>
      <Seo title={title} description={description} canonicalPath={routeCategory ? paths.serviceCategory(routeCategory) : undefined} />
      <section className="border-b border-sand-200 bg-white">
        <div className="container-page py-10 md:py-14">
          <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-balance text-ink md:text-4xl">{title}</h1>
          <p className="mt-3 max-w-2xl text-lg text-pretty text-ink-muted">{t('catalogue.heroLead')}</p>
        </div>
      </section>

      <section id="search" aria-labelledby={`${searchId}-heading`} className="scroll-mt-20 md:scroll-mt-32">
        <div className="container-page space-y-5 pt-8">
          <h2 id={`${searchId}-heading`} className="text-xl font-semibold">
            {t('catalogue.searchHeading')}
          </h2>
          {/* A GET form (docs/public-site.md): before and without JavaScript, Enter asks the server for the search. */}
          <form
            role="search"
            method="get"
            action={`${routeCategory ? paths.serviceCategory(routeCategory) : paths.services()}#search`}
            onSubmit={(event) => {
              event.preventDefault();
              inputRef.current?.blur();
            }}
          >
            {category && !routeCategory ? <input type="hidden" name="category" value={category} /> : null}
            <SearchInput
              ref={inputRef}
              id={`${searchId}-input`}
              name="q"
              label={t('catalogue.searchLabel')}
              placeholder={t('catalogue.searchPlaceholder')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onClear={() => {
                setText('');
                inputRef.current?.focus();
              }}
              clearLabel={t('catalogue.clearSearch')}
              maxLength={100}
              className="max-w-2xl"
            />
          </form>
          <ChipGroup label={t('catalogue.chipsLabel')} options={chips} value={chosen?.value ?? shownCategory} onChange={(value) => chooseCategory(value)} />
        </div>
      </section>

      <section aria-labelledby={`${searchId}-results`} className="container-page py-8">
        <div className="mb-4 flex items-baseline justify-between gap-4">
          <h2 id={`${searchId}-results`} className="sr-only">
            {t('catalogue.resultsHeading')}
          </h2>
          <p role="status" aria-live="polite" className="text-sm text-ink-muted">
            {list ? (pending ? t('catalogue.searching') : t('catalogue.count', { count: list.length })) : null}
          </p>
        </div>

        {services.isError && !list ? (
          <RetryAlert message={t('catalogue.loadError')} onRetry={() => void services.refetch()} />
        ) : !list ? (
          <div aria-busy="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <ServiceCardSkeleton key={i} />
            ))}
          </div>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center rounded-card border border-dashed border-sand-400 bg-white px-6 py-12 text-center">
            <SearchX aria-hidden="true" className="size-10 text-sand-600" />
            <p className="mt-4 text-lg font-semibold">{t('catalogue.empty')}</p>
            <p className="mt-1 max-w-md text-ink-muted">{t('catalogue.emptyHint')}</p>
            <Button
              variant="secondary"
              className="mt-6"
              onClick={() => {
                setText('');
                chooseCategory('all', false);
              }}
            >
              {t('catalogue.showAll')}
            </Button>
          </div>
        ) : (
          <>
            <ServiceCardIcons />
            <ul className={`grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${pending ? 'opacity-70' : ''}`}>
              {cards}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby={`${searchId}-cant-find`} className="container-page pb-16">
        <div className="flex flex-col gap-6 rounded-card bg-primary-950 p-8 text-white [--focus-ring:var(--color-saffron-400)] md:flex-row md:items-center md:justify-between md:p-10">
          <div className="max-w-2xl">
            <h2 id={`${searchId}-cant-find`} className="text-2xl font-bold">
              {t('catalogue.cantFindTitle')}
            </h2>
            <p className="mt-2 text-sand-200">{t('catalogue.cantFindBody')}</p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={paths.contact()} variant="accent" size="lg">
              <MessageCircle aria-hidden="true" className="size-5" />
              {t('catalogue.contactUs')}
            </ButtonLink>
            <ButtonLink to={paths.contact()} variant="on-dark" size="lg">
              {t('catalogue.requestService')}
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}

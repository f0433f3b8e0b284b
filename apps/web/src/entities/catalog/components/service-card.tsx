import type { ServiceTypeSummary } from '@khedma/shared';
import { BadgeCheck, Clock, PackageCheck, ShieldCheck, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDuration, formatMoney } from '../../../lib/format';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { CATEGORY_ICON_STROKE, CATEGORY_VISUALS, categoryVisualKey, CategoryTile, SymbolIcon } from './category-visual';

/** The badges' icons, drawn from the list's sprite (ServiceCardIcons). */
const BADGE_ICONS = { duration: Clock, fixedPrice: BadgeCheck, materials: PackageCheck, warranty: ShieldCheck } satisfies Record<string, LucideIcon>;

const symbolId = (name: string) => `service-card-icon-${name}`;

/**
 * The cards' icons, once per list: each card draws them with <use> instead of carrying their paths.
 * A catalogue of 27 cards carried about 110 icons, 57 KB of its 149 KB of HTML, for the phone to
 * parse and the app to take over. Render it once beside a list of ServiceCard (ids are page-wide).
 */
export function ServiceCardIcons() {
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute">
      {Object.entries(BADGE_ICONS).map(([name, Icon]) => (
        <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
      {Object.entries(CATEGORY_VISUALS).map(([category, { Icon }]) => (
        <symbol key={category} id={symbolId(category)} viewBox="0 0 24 24">
          <Icon strokeWidth={CATEGORY_ICON_STROKE} />
        </symbol>
      ))}
    </svg>
  );
}

function BadgeIcon({ name }: { name: keyof typeof BADGE_ICONS }) {
  return <SymbolIcon href={`#${symbolId(name)}`} className="size-3.5 shrink-0" />;
}

/**
 * A catalogue card (docs/catalog.md Service card): image or the category icon on its tint, name and
 * description in the current language, duration, Fixed price, Materials Included and warranty badges,
 * "From" base price; the whole card links to /services/{id}. Its icons come from ServiceCardIcons,
 * rendered once beside the list. Its strings live in the `catalog`
 * namespace, so pages that show cards load that namespace (router.tsx).
 */
export function ServiceCard({ service, eager = false }: { service: ServiceTypeSummary; eager?: boolean }) {
  const { t } = useTranslation('catalog');
  const language = useLanguage();
  const name = pickLocalized(service.name, language);

  return (
    // The whole card is the link's target (its ::after covers the card); the focus ring is the card's own
    // outline, since the card's overflow-hidden (rounded image corners) would clip one drawn by the link.
    <article className="group relative flex flex-col overflow-hidden rounded-card border border-sand-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-primary-600">
      {service.imageUrl ? (
        <img
          src={service.imageUrl}
          alt=""
          width={640}
          height={360}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[5/2] w-full object-cover sm:aspect-[16/9]"
        />
      ) : (
        <CategoryTile category={service.category} className="aspect-[5/2] w-full sm:aspect-[16/9]" symbolHref={`#${symbolId(categoryVisualKey(service.category))}`} />
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="text-xs font-semibold tracking-wide text-primary-700 uppercase">{t(`categories.${service.category}`)}</p>
        <h3 className="text-lg leading-snug font-semibold text-ink">
          <Link
            to={paths.service(service.id)}
            className="rounded after:absolute after:inset-0 after:content-[''] hover:text-primary-700 focus-visible:outline-none"
          >
            {name}
          </Link>
        </h3>
        <p className="line-clamp-3 text-sm text-ink-muted">{pickLocalized(service.description, language)}</p>
        <ul className="mt-auto flex flex-wrap gap-2 pt-1 text-xs font-medium">
          <li className="inline-flex items-center gap-1 rounded-full bg-sand-100 px-2.5 py-1 text-sand-800">
            <BadgeIcon name="duration" />
            <span className="sr-only">{t('card.duration')}</span>
            {formatDuration(service.estimatedDurationMinutes, language)}
          </li>
          <li className="inline-flex items-center gap-1 rounded-full bg-primary-50 px-2.5 py-1 text-primary-800">
            <BadgeIcon name="fixedPrice" />
            {service.onQuote ? t('card.onQuote') : t('card.fixedPrice')}
          </li>
          {service.materialsIncluded ? (
            <li className="inline-flex items-center gap-1 rounded-full bg-completed-soft px-2.5 py-1 text-completed">
              <BadgeIcon name="materials" />
              {t('card.materialsIncluded')}
            </li>
          ) : null}
          {service.warrantyDays > 0 ? (
            <li className="inline-flex items-center gap-1 rounded-full bg-accent-50 px-2.5 py-1 text-accent-700">
              <BadgeIcon name="warranty" />
              {t('card.warranty', { count: service.warrantyDays })}
            </li>
          ) : null}
        </ul>
        <p className="flex items-baseline justify-between gap-2 border-t border-sand-200 pt-3">
          <span className="text-sm text-ink-muted">{service.onQuote ? t('card.usuallyFrom') : t('card.from')}</span>
          <span className="text-xl font-bold text-ink">{formatMoney(service.basePrice)}</span>
        </p>
      </div>
    </article>
  );
}

/** A card-shaped placeholder while services load (DESIGN.md "skeletons while loading lists"). */
export function ServiceCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex animate-pulse flex-col overflow-hidden rounded-card border border-sand-200 bg-white">
      <div className="aspect-[5/2] w-full bg-sand-100 sm:aspect-[16/9]" />
      <div className="space-y-3 p-5">
        <div className="h-3 w-20 rounded bg-sand-200" />
        <div className="h-5 w-3/4 rounded bg-sand-200" />
        <div className="h-3 w-full rounded bg-sand-100" />
        <div className="h-3 w-5/6 rounded bg-sand-100" />
        <div className="flex gap-2 pt-2">
          <div className="h-6 w-16 rounded-full bg-sand-100" />
          <div className="h-6 w-20 rounded-full bg-sand-100" />
        </div>
        <div className="h-7 w-full rounded bg-sand-100" />
      </div>
    </div>
  );
}

import { BadgeCheck, MapPin } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { ProCard as ProCardData } from '@khedma/shared/schemas/pros';
import { paths } from '../../../config/paths';
import { Button, buttonClass } from '../../../components/ui/button';
import { formatHourlyRate, formatNumber } from '../../../lib/format';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';
import { RatingBadge } from '../../../entities/review/components/rating-badge';

/** Navigation state the booking wizard reads for a preselected professional (docs/professionals.md finder Book Now). */
export function bookNowState(pro: ProCardData, language: ReturnType<typeof useLanguage>) {
  const service = pro.services[0];
  return {
    preselectedProfessional: {
      id: pro.id,
      name: pro.name,
      ...(service ? { serviceId: service.id, serviceName: pickLocalized(service.name, language) } : {}),
    },
  };
}

/** A professional's card: initials, name, service badge, city, real rating and reviews, real hourly rate, Book Now. */
export function ProCard({ pro, serviceId }: { pro: ProCardData; serviceId?: string }) {
  const { t } = useTranslation('pros');
  const language = useLanguage();
  const navigate = useNavigate();
  // The badge: the service filtered on when the professional offers it, else their first.
  const service = pro.services.find((s) => s.id === serviceId) ?? pro.services[0];
  const state = bookNowState({ ...pro, services: service ? [service, ...pro.services] : pro.services }, language);
  const headingId = `pro-card-${pro.id}`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col rounded-card border border-sand-200 bg-white p-5 shadow-sm" data-testid="pro-card">
      <div className="flex items-start gap-4">
        {pro.avatarUrl ? (
          <img src={pro.avatarUrl} alt="" width={56} height={56} className="size-14 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-primary-600 text-xl font-bold text-white">
            {pro.name.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="flex items-center gap-1.5 text-lg font-bold text-ink">
            <Link to={paths.pro(pro.id)} className="hover:underline">
              {pro.name}
            </Link>
            {pro.verified ? (
              <>
                <BadgeCheck aria-hidden="true" className="size-5 text-primary-600" />
                <span className="sr-only">{t('verified')}</span>
              </>
            ) : null}
          </h3>
          {service ? (
            <span className="mt-1 inline-block rounded-full bg-primary-50 px-2.5 py-0.5 text-xs font-semibold text-primary-800">
              {pickLocalized(service.name, language)}
            </span>
          ) : null}
          <p className="mt-1.5 flex items-center gap-1 text-sm text-ink-muted">
            <MapPin aria-hidden="true" className="size-4" />
            {pickLocalized(pro.city.name, language)}
            {pro.citiesCount > 1 ? <span data-testid="card-more-cities">· {t('card.moreCities', { count: pro.citiesCount - 1 })}</span> : null}
          </p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        {pro.rating !== null ? (
          <span className="inline-flex items-center gap-1.5" data-testid="card-rating">
            <RatingBadge rating={pro.rating} text={formatNumber(pro.rating, language, 1)} label={t('ratingOutOf', { rating: formatNumber(pro.rating, language, 1) })} />
            <span className="text-ink-muted">({t('reviewsCount', { count: pro.reviewsCount })})</span>
          </span>
        ) : (
          <span className="text-ink-muted">{t('noReviews')}</span>
        )}
        <span className="font-bold text-primary-700" dir="ltr">
          {formatHourlyRate(pro.hourlyRate, language)}
        </span>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Link to={paths.pro(pro.id)} className={buttonClass({ variant: 'secondary' })}>
          {t('card.viewProfile')}
        </Link>
        <Button variant="accent" onClick={() => void navigate(paths.bookService(), { state })}>
          {t('card.bookNow')}
        </Button>
      </div>
    </article>
  );
}

import { BadgeCheck, Briefcase, CalendarDays, MapPin, SearchX, Star } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useNavigate, useParams } from 'react-router';
import { proPageDateBounds, WEEKDAYS, type Weekday } from '@khedma/shared';
import { DEFAULT_DURATION_HOURS } from '@khedma/shared/domain/schedule';
import type { ProProfile } from '@khedma/shared/schemas/pros';
import { paths, withQuery } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { Button, buttonClass } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { formatDate, formatList, formatMoney, formatNumber } from '../../../lib/format';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { loginPathWithNext } from '../../../lib/safe-next';
import { useSession } from '../../../lib/session';
import { useProfessional } from '../../../entities/professional/api';
import { useReviewsViewerState } from '../../../entities/review/api';
import { RatingBadge } from '../../../entities/review/components/rating-badge';
import { HelpfulButton, ReviewReply } from '../../../entities/review/components/review-actions';
import { useProAvailability, useProReviews, type ReviewSort } from '../api';

/** /pro/{id} (docs/professionals.md Professional profile): header, About, Skills, real reviews, and the booking panel. */
export function ProPage() {
  const { t } = useTranslation('pros');
  const { t: tc } = useTranslation();
  const { id } = useParams();
  const profile = useProfessional(id);

  if (profile.isPending) {
    return (
      <div className="container-page py-10" role="status">
        <Seo title={tc('pages.pro.title')} pending />
        <div className="h-32 animate-pulse rounded-card bg-sand-200 motion-reduce:animate-none" />
        <span className="sr-only">{tc('common.loading')}</span>
      </div>
    );
  }
  if (profile.isError || !profile.data) {
    return (
      <div className="container-page py-16">
        <Seo title={t('notFound')} />
        <div className="mx-auto max-w-lg rounded-card border border-sand-200 bg-white p-8 text-center">
          <SearchX aria-hidden="true" className="mx-auto size-12 text-sand-500" />
          <h1 className="mt-4 text-2xl font-bold text-ink">{t('notFound')}</h1>
          <Link to={paths.services()} className={buttonClass({ className: 'mt-6' })}>
            {t('browseServices')}
          </Link>
        </div>
      </div>
    );
  }
  return <Profile pro={profile.data} />;
}

function Stars({ value }: { value: number }) {
  return (
    <span aria-hidden="true" className="inline-flex">
      {[1, 2, 3, 4, 5].map((i) => (
        <Star key={i} className={cn('size-4', i <= Math.round(value) ? 'fill-saffron-400 text-saffron-500' : 'text-sand-300')} />
      ))}
    </span>
  );
}

function Profile({ pro }: { pro: ProProfile }) {
  const { t } = useTranslation('pros');
  const language = useLanguage();
  const initials = pro.name.trim().charAt(0).toUpperCase();
  // Every city they work in, the first first (the header); the boroughs in the areas section.
  const city = (pro.areas.length ? pro.areas.map((a) => a.city) : [pro.city]).map((c) => pickLocalized(c.name, language)).join(' · ');

  return (
    <div className="container-page py-6 md:py-10">
      <Seo
        title={pro.name}
        description={pro.about ?? undefined}
        // Structured data from the real ratings aggregate (issue 27); no rating without reviews.
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'LocalBusiness',
          name: pro.name,
          priceRange: `${pro.hourlyRate} MAD/h`,
          address: { '@type': 'PostalAddress', addressLocality: pickLocalized(pro.city.name, 'en'), addressCountry: 'MA' },
          ...(pro.rating !== null && pro.reviewsCount > 0
            ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: pro.rating, reviewCount: pro.reviewsCount, bestRating: 5, worstRating: 1 } }
            : {}),
        }}
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
        <div className="space-y-6">
          <header className="flex flex-wrap items-start gap-4 rounded-card border border-sand-200 bg-white p-5 md:p-6">
            {pro.avatarUrl ? (
              <img src={pro.avatarUrl} alt="" width={80} height={80} className="size-20 rounded-full object-cover" />
            ) : (
              <span aria-hidden="true" className="inline-flex size-20 items-center justify-center rounded-full bg-primary-600 text-3xl font-bold text-white">
                {initials}
              </span>
            )}
            <div className="min-w-0 flex-1">
              <h1 className="flex items-center gap-2 text-2xl font-bold text-ink md:text-3xl">
                {pro.name}
                {pro.verified ? (
                  <>
                    <BadgeCheck aria-hidden="true" className="size-6 text-primary-600" />
                    <span className="sr-only">{t('verified')}</span>
                  </>
                ) : null}
              </h1>
              <div className="mt-2 flex flex-wrap items-center gap-x-5 gap-y-1 text-sm">
                {pro.rating !== null && pro.reviewsCount > 0 ? (
                  <span className="inline-flex items-center gap-1.5">
                    <RatingBadge rating={pro.rating} text={formatNumber(pro.rating, language, 1)} label={t('ratingOutOf', { rating: formatNumber(pro.rating, language, 1) })} />
                    <span className="text-ink-muted">· {t('reviewsCount', { count: pro.reviewsCount })}</span>
                  </span>
                ) : (
                  <span className="text-ink-muted">{t('noReviews')}</span>
                )}
                <span className="inline-flex items-center gap-1 text-ink-muted">
                  <MapPin aria-hidden="true" className="size-4" />
                  {city}
                </span>
                <span className="inline-flex items-center gap-1 text-ink-muted">
                  <Briefcase aria-hidden="true" className="size-4" />
                  {t('jobsDone', { count: pro.jobsDone })}
                </span>
              </div>
              <p className="mt-3 text-lg font-bold text-primary-700">{t('hourlyRate', { rate: formatMoney(pro.hourlyRate) })}</p>
            </div>
          </header>

          <section aria-labelledby="pro-about" className="rounded-card border border-sand-200 bg-white p-5 md:p-6">
            <h2 id="pro-about" className="text-lg font-bold text-ink">
              {t('about')}
            </h2>
            <p className="mt-2 whitespace-pre-line text-ink">{pro.about || t('noAbout')}</p>
            {pro.services.length ? (
              <p className="mt-3 text-sm text-ink-muted">
                {t('offers')} {pro.services.map((s) => pickLocalized(s.name, language)).join(' · ')}
              </p>
            ) : null}
          </section>

          {pro.areas.length ? (
            <section aria-labelledby="pro-areas" className="rounded-card border border-sand-200 bg-white p-5 md:p-6">
              <h2 id="pro-areas" className="text-lg font-bold text-ink">
                {t('areas.title')}
              </h2>
              <ul className="mt-2 space-y-2" data-testid="pro-areas">
                {pro.areas.map((a) => (
                  <li key={a.city.id} className="flex items-start gap-2 text-ink">
                    <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0 text-primary-600" />
                    <span>
                      <span className="font-semibold">{pickLocalized(a.city.name, language)}</span>
                      {a.boroughs.length ? <span className="text-ink-muted"> · {formatList(a.boroughs.map((b) => pickLocalized(b.name, language)), language)}</span> : null}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {pro.skills.length ? (
            <section aria-labelledby="pro-skills" className="rounded-card border border-sand-200 bg-white p-5 md:p-6">
              <h2 id="pro-skills" className="text-lg font-bold text-ink">
                {t('skills')}
              </h2>
              <ul className="mt-3 flex flex-wrap gap-2">
                {pro.skills.map((skill) => (
                  <li key={skill} className="rounded-full bg-primary-50 px-3 py-1 text-sm font-medium text-primary-800">
                    {skill}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <ReviewsSection pro={pro} />
        </div>
        <BookingPanel pro={pro} />
      </div>
    </div>
  );
}

/** The sticky booking panel: date (today allowed for slots 2 h away), a free slot, a description; Book Now. */
function BookingPanel({ pro }: { pro: ProProfile }) {
  const { t } = useTranslation('pros');
  const session = useSession();
  const navigate = useNavigate();
  const [now] = useState(() => new Date());
  const bounds = proPageDateBounds(now);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState(false);
  const ids = { date: useId(), description: useId(), slots: useId() };
  // The slots of the booking the form will start with (its default length): a time free for one hour may
  // leave no time to travel to the next job when the booking takes two (issue 42).
  const availability = useProAvailability(pro.id, date, DEFAULT_DURATION_HOURS);
  const slots = availability.data?.date === date ? availability.data.slots : [];
  const selectedFree = slots.some((s) => s.time === time && s.available);
  const availableDays = new Set<Weekday>(pro.availableDays);

  function bookNow() {
    if (!date || !time || !selectedFree || !description.trim()) {
      setError(true);
      return;
    }
    const target = paths.booking(pro.id, { date, time, description: description.trim() });
    void navigate(session.status === 'signed-in' ? target : loginPathWithNext(target));
  }

  return (
    <aside aria-labelledby="pro-book" className="h-fit rounded-card border border-sand-200 bg-white p-5 md:p-6 lg:sticky lg:top-24">
      <h2 id="pro-book" className="text-lg font-bold text-ink">
        {t('panel.title', { name: pro.name })}
      </h2>
      <p className="mt-1 text-sm font-semibold text-primary-700">{t('hourlyRate', { rate: formatMoney(pro.hourlyRate) })}</p>
      <div className="mt-4 space-y-4">
        <div>
          <label htmlFor={ids.date} className="mb-1.5 flex items-center gap-2 font-semibold text-ink">
            <CalendarDays aria-hidden="true" className="size-5 text-primary-600" />
            {t('panel.date')}
          </label>
          <input
            id={ids.date}
            type="date"
            min={bounds.min}
            max={bounds.max}
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setTime('');
            }}
            className="min-h-12 w-full rounded-xl border border-sand-500 bg-white px-3 text-base text-ink"
          />
        </div>
        <fieldset>
          <legend id={ids.slots} className="mb-1.5 font-semibold text-ink">
            {t('panel.time')}
          </legend>
          {!date ? (
            <p className="text-sm text-ink-muted">{t('panel.pickDate')}</p>
          ) : availability.isError ? (
            <p className="text-sm text-cancelled">{t('errors.availability')}</p>
          ) : availability.isPending ? (
            <div className="h-24 animate-pulse rounded-xl bg-sand-100 motion-reduce:animate-none" />
          ) : slots.every((s) => !s.available) ? (
            <p className="text-sm text-ink-muted">{t('panel.noSlots')}</p>
          ) : (
            <div className="grid grid-cols-4 gap-2">
              {slots.map((slot) => (
                <button
                  key={slot.time}
                  type="button"
                  disabled={!slot.available}
                  aria-pressed={time === slot.time}
                  onClick={() => setTime(slot.time)}
                  className={cn(
                    'min-h-11 rounded-lg border text-sm font-semibold tabular-nums',
                    time === slot.time
                      ? 'border-primary-600 bg-primary-600 text-white'
                      : slot.available
                        ? 'border-sand-400 bg-white text-ink hover:border-primary-500'
                        : 'cursor-not-allowed border-sand-200 bg-sand-100 text-sand-500 line-through',
                  )}
                >
                  {slot.time}
                </button>
              ))}
            </div>
          )}
        </fieldset>
        <div>
          <label htmlFor={ids.description} className="mb-1.5 block font-semibold text-ink">
            {t('panel.description')}
          </label>
          <textarea
            id={ids.description}
            rows={3}
            maxLength={1000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            placeholder={t('panel.descriptionPlaceholder')}
            className="w-full rounded-xl border border-sand-500 bg-white px-3 py-2 text-base text-ink placeholder:text-sand-600"
          />
        </div>
        <div>
          <p className="text-sm font-semibold text-ink">{t('panel.availableDays')}</p>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {WEEKDAYS.map((day) => (
              <li
                key={day}
                className={cn(
                  'rounded-md px-2 py-1 text-xs font-semibold',
                  availableDays.has(day) ? 'bg-completed-soft text-completed' : 'bg-sand-100 text-sand-600 line-through',
                )}
              >
                {t(`weekdays.${day}`)}
              </li>
            ))}
          </ul>
        </div>
        {error ? (
          <p role="alert" className="rounded-xl bg-cancelled-soft p-3 text-sm font-medium text-cancelled">
            {t('panel.fillAll')}
          </p>
        ) : null}
        <Button variant="accent" size="lg" className="w-full" onClick={bookNow}>
          {t('panel.bookNow')}
        </Button>
        {pro.services.length ? (
          <Link to={withQuery(paths.bookService(), { pro: pro.id })} className={buttonClass({ variant: 'ghost', className: 'w-full' })}>
            {t('panel.fixedPrice')}
          </Link>
        ) : null}
      </div>
    </aside>
  );
}

const REVIEW_SORTS: readonly ReviewSort[] = ['newest', 'oldest', 'highest', 'lowest'];

/** docs/professionals.md Reviews view: rating summary and breakdown by star, filter by rating, sort; empty states. */
function ReviewsSection({ pro }: { pro: ProProfile }) {
  const { t } = useTranslation('pros');
  const language = useLanguage();
  const [rating, setRating] = useState<number | undefined>(undefined);
  const [sort, setSort] = useState<ReviewSort>('newest');
  const reviews = useProReviews(pro.id, { rating, sort });
  const sortId = useId();
  const summary = reviews.data;
  const session = useSession();
  const navigate = useNavigate();
  const signedIn = session.status === 'signed-in';
  const viewer = useReviewsViewerState(summary?.reviews.map((r) => r.id) ?? [], signedIn);
  const total = summary?.reviewsCount ?? pro.reviewsCount;
  return (
    <section aria-labelledby="pro-reviews" className="rounded-card border border-sand-200 bg-white p-5 md:p-6">
      <h2 id="pro-reviews" className="text-lg font-bold text-ink">
        {t('reviews')}
      </h2>
      {reviews.isPending ? (
        <div className="mt-3 h-20 animate-pulse rounded-xl bg-sand-100 motion-reduce:animate-none" />
      ) : reviews.isError ? (
        <p className="mt-3 text-cancelled">{t('errors.reviews')}</p>
      ) : total === 0 ? (
        <p className="mt-3 text-ink-muted">{t('reviewsView.empty')}</p>
      ) : (
        <>
          <div className="mt-4 grid gap-5 sm:grid-cols-[10rem_1fr]" data-testid="rating-summary">
            <div className="text-center sm:text-start">
              {summary!.rating === null ? (
                <p className="text-4xl font-bold text-ink tabular-nums">–</p>
              ) : (
                <RatingBadge
                  rating={summary!.rating}
                  text={formatNumber(summary!.rating, language, 1)}
                  label={t('ratingOutOf', { rating: formatNumber(summary!.rating, language, 1) })}
                  className="px-3 py-1 text-3xl"
                />
              )}
              <Stars value={summary!.rating ?? 0} />
              <p className="mt-1 text-sm text-ink-muted">{t('reviewsCount', { count: total })}</p>
            </div>
            <ul className="space-y-1.5" aria-label={t('reviewsView.breakdown')}>
              {[5, 4, 3, 2, 1].map((star) => {
                const count = summary!.breakdown[star as 1 | 2 | 3 | 4 | 5];
                const share = total > 0 ? Math.round((count / total) * 100) : 0;
                return (
                  <li key={star} className="flex items-center gap-2 text-sm">
                    <span className="w-14 shrink-0 text-ink">{t('reviewsView.stars', { count: star })}</span>
                    <span aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-sand-100">
                      <span className="block h-full rounded-full bg-saffron-400" style={{ inlineSize: `${share}%` }} />
                    </span>
                    <span className="w-8 shrink-0 text-end text-ink-muted tabular-nums">{count}</span>
                  </li>
                );
              })}
            </ul>
          </div>
          <div className="mt-5 flex flex-wrap items-end justify-between gap-3">
            <div role="group" aria-label={t('reviewsView.filter')} className="flex flex-wrap gap-1.5">
              {[undefined, 5, 4, 3, 2, 1].map((star) => (
                <button
                  key={star ?? 'all'}
                  type="button"
                  aria-pressed={rating === star}
                  onClick={() => setRating(star)}
                  className={cn(
                    'min-h-11 rounded-full border px-3 text-sm font-medium',
                    rating === star ? 'border-primary-600 bg-primary-600 text-white' : 'border-sand-300 bg-white text-ink hover:border-primary-400',
                  )}
                >
                  {star === undefined ? t('reviewsView.all') : t('reviewsView.stars', { count: star })}
                </button>
              ))}
            </div>
            <div>
              <label htmlFor={sortId} className="mb-1 block text-sm font-semibold text-ink">
                {t('reviewsView.sort')}
              </label>
              <select id={sortId} value={sort} onChange={(e) => setSort(e.target.value as ReviewSort)} className="min-h-11 rounded-xl border border-sand-500 bg-white px-3 text-ink">
                {REVIEW_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {t(`reviewsView.sorts.${s}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {summary!.reviews.length === 0 ? (
            <p className="mt-4 text-ink-muted">{t('reviewsView.noMatch')}</p>
          ) : (
            <ul className={cn('mt-3 divide-y divide-sand-100', reviews.isPlaceholderData && 'opacity-60')}>
              {summary!.reviews.map((review) => (
                <li key={review.id} className="py-4">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <Stars value={review.rating} />
                    <span className="sr-only">{t('ratingOutOf', { rating: review.rating })}</span>
                    <span className="font-semibold text-ink">{review.author}</span>
                    <span className="text-sm text-ink-muted">{formatDate(review.createdAt, language)}</span>
                  </div>
                  {review.title ? <p className="mt-1 font-semibold text-ink">{review.title}</p> : null}
                  {review.comment ? <p className="mt-1 text-ink">{review.comment}</p> : null}
                  <ReviewReply reviewId={review.id} reply={review.reply} canReply={viewer.data?.replyable.includes(review.id) ?? false} professionalName={pro.name} />
                  {viewer.data?.own.includes(review.id) ? null : (
                    <HelpfulButton
                      reviewId={review.id}
                      count={review.helpfulCount}
                      voted={viewer.data?.reviewIds.includes(review.id) ?? false}
                      signedIn={signedIn}
                      onSignedOut={() => void navigate(loginPathWithNext(paths.pro(pro.id)))}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

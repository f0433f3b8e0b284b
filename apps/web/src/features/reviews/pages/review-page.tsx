import { Star } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { REVIEW_LIMITS } from '@khedma/shared/domain/reviews';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { Button, ButtonLink } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { FormAlert, TextAreaField, TextField } from '../../../components/ui/field';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { isApiError } from '../../../lib/api';
import { formatDate, formatDuration } from '../../../lib/format';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useCreateReview, useReviewContext } from '../api';

/** 1 to 5 stars as a radio group: arrow keys move, Space/Enter or a click picks. */
function StarPicker({ value, onChange, error }: { value: number; onChange: (v: number) => void; error: string | null }) {
  const { t } = useTranslation('reviews');
  const labelId = useId();
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend id={labelId} className="text-sm font-semibold text-ink">
        {t('page.rating')}
      </legend>
      <div className="mt-1.5 flex gap-1" dir="ltr">
        {[1, 2, 3, 4, 5].map((star) => (
          <label key={star} className="cursor-pointer rounded-lg p-1 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary-600">
            <input
              type="radio"
              name="rating"
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="sr-only"
              aria-invalid={error ? true : undefined}
            />
            <span className="sr-only">{t('page.star', { count: star })}</span>
            <Star aria-hidden="true" className={cn('size-9', star <= value ? 'fill-saffron-400 text-saffron-500' : 'text-sand-500')} />
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-cancelled">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** /review/:bookingId: the customer of a completed booking rates its professional (the completion email links here). */
export function ReviewPage() {
  const { bookingId } = useParams();
  const { t } = useTranslation('reviews');
  const language = useLanguage();
  const context = useReviewContext(bookingId);
  const create = useCreateReview();
  const [rating, setRating] = useState(0);
  const [title, setTitle] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; title?: string; form?: string }>({});

  if (context.isPending) {
    return (
      <div className="container-page max-w-2xl py-10">
        <Seo title={t('page.title')} noindex />
        <div className="h-64 animate-pulse rounded-card bg-sand-100 motion-reduce:animate-none" />
      </div>
    );
  }
  if (context.isError) {
    const missing = (context.error as { status?: number }).status === 404;
    return (
      <div className="container-page max-w-2xl py-10">
        <Seo title={t('page.title')} noindex />
        {missing ? (
          <>
            <h1 className="text-2xl font-bold text-ink">{t('page.notFound')}</h1>
            <ButtonLink to={paths.dashboard()} variant="secondary" className="mt-4">
              {t('page.toDashboard')}
            </ButtonLink>
          </>
        ) : (
          <RetryAlert as="h1" message={t('page.loadFailed')} onRetry={() => void context.refetch()} />
        )}
      </div>
    );
  }

  const { booking, review, reason } = context.data;
  const name = booking.professional.name;

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = { rating: rating ? undefined : t('errors.rating'), title: title.trim() ? undefined : t('errors.title') };
    setErrors(next);
    if (next.rating || next.title) return;
    create.mutate(
      { bookingId: booking.id, rating, title: title.trim(), comment: comment.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(t('page.thanks'));
          void context.refetch();
        },
        onError: (error) => {
          if (isApiError(error, 'ALREADY_REVIEWED')) void context.refetch();
          setErrors({ form: isApiError(error, 'ALREADY_REVIEWED') ? t('page.alreadyReviewed') : isApiError(error, 'REVIEW_NOT_ALLOWED') ? t('page.notCompleted') : t('page.failed') });
        },
      },
    );
  }

  return (
    <div className="container-page max-w-2xl py-8 md:py-12">
      <Seo title={t('page.title')} noindex />
      <h1 className="text-3xl font-bold text-ink">{t('page.title')}</h1>
      <p className="mt-2 text-ink-muted">{t('page.lead', { name })}</p>
      <p className="mt-1 text-sm text-ink-muted">
        {t('page.booking', { reference: booking.reference, date: formatDate(booking.scheduledStart, language, 'long') })} ·{' '}
        {booking.service
          ? pickLocalized(booking.service.name, language)
          : t('page.hourlyBooking', { duration: formatDuration(booking.durationMinutes, language), name: booking.professional.name })}
      </p>

      {review ? (
        <section aria-labelledby="your-review" className="mt-6 rounded-card border border-sand-200 bg-white p-5">
          <h2 id="your-review" className="text-lg font-bold text-ink">
            {t('page.yourReview')}
          </h2>
          <p className="mt-2 flex gap-0.5" role="img" aria-label={t('badge.label', { rating: review.rating })} dir="ltr">
            {[1, 2, 3, 4, 5].map((s) => (
              <Star key={s} aria-hidden="true" className={cn('size-5', s <= review.rating ? 'fill-saffron-400 text-saffron-500' : 'text-sand-500')} />
            ))}
          </p>
          {review.title ? <p className="mt-2 font-semibold text-ink">{review.title}</p> : null}
          {review.comment ? <p className="mt-1 text-ink whitespace-pre-line">{review.comment}</p> : null}
          <Link to={paths.pro(booking.professional.id)} className="mt-4 inline-block font-semibold text-primary-700 underline">
            {t('page.viewPro', { name })}
          </Link>
        </section>
      ) : reason === 'NOT_COMPLETED' ? (
        <FormAlert tone="info" className="mt-6">
          {t('page.notCompleted')}
        </FormAlert>
      ) : (
        <form onSubmit={submit} noValidate className="mt-6 space-y-5 rounded-card border border-sand-200 bg-white p-5 md:p-6">
          <StarPicker
            value={rating}
            error={errors.rating ?? null}
            onChange={(v) => {
              setRating(v);
              setErrors((e) => ({ ...e, rating: undefined }));
            }}
          />
          <TextField
            label={t('page.titleLabel')}
            hint={t('page.titleHint')}
            value={title}
            maxLength={REVIEW_LIMITS.titleMax}
            required
            error={errors.title ?? null}
            onChange={(e) => {
              setTitle(e.target.value);
              setErrors((x) => ({ ...x, title: undefined }));
            }}
          />
          <TextAreaField label={t('page.comment')} hint={t('page.commentHint')} value={comment} rows={5} maxLength={REVIEW_LIMITS.commentMax} onChange={(e) => setComment(e.target.value)} />
          {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
          <Button type="submit" variant="accent" size="lg" className="w-full sm:w-auto" disabled={create.isPending}>
            {create.isPending ? t('page.submitting') : t('page.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}

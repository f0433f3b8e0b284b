import { Star } from 'lucide-react';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';

/** "★ 4.8 · Reviews: 12" (fr "4,8"), or "No reviews yet" (docs/bookings.md: real figures, never a placeholder). */
export function Rating({ rating, reviewsCount }: { rating: number | null; reviewsCount: number }) {
  const { t } = useTranslation('booking');
  const language = useLanguage();
  if (rating === null || reviewsCount === 0) return <span className="text-sm text-ink-muted">{t('professional.noReviews')}</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 text-sm">
      <Star aria-hidden="true" className="size-4 fill-saffron-400 text-saffron-500" />
      <span className="font-semibold text-ink">{t('professional.rating', { rating: formatNumber(rating, language, 1) })}</span>
      <span className="text-ink-muted">· {t('professional.reviews', { count: reviewsCount })}</span>
    </span>
  );
}

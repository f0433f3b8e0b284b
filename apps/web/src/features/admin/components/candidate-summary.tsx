import type { ReassignCandidate } from '@khedma/shared';
import { formatDistance, formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';

/**
 * A reassignment candidate's figures under their name: rating, load in the last 30 days and the distance
 * from their base location to the booking's pin (issue 42: a distance, never the pin; "distance unknown"
 * when they have no base or the booking no pin).
 */
export function CandidateSummary({ candidate: c }: { candidate: ReassignCandidate }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  return (
    <span className="block text-xs text-ink-muted">
      {c.rating === null ? t('bookings.noReviews') : t('bookings.candidateRating', { rating: formatNumber(c.rating, language, 1), count: c.reviewsCount })}
      {' · '}
      {t('bookings.candidateLoad', { count: c.jobsLast30Days })}
      {' · '}
      <span data-testid="candidate-distance">
        {c.distanceKm === null ? t('bookings.candidateNoDistance') : t('bookings.candidateDistance', { distance: formatDistance(c.distanceKm, language) })}
      </span>
    </span>
  );
}

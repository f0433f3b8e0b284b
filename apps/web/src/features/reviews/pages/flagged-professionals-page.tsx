import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { RatingBadge } from '../../../entities/review/components/rating-badge';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';
import { useFlaggedProfessionals } from '../api';

/** /admin/flagged-professionals: professionals under 3 after at least 5 reviews (admins). */
export function FlaggedProfessionalsPage() {
  const { t } = useTranslation('reviews');
  const language = useLanguage();
  const flagged = useFlaggedProfessionals();
  const threshold = flagged.data?.threshold ?? { belowAverage: 3, minReviews: 5 };
  return (
    <div className="container-page py-8 md:py-12">
      <Seo title={t('flagged.title')} noindex />
      <h1 className="text-3xl font-bold text-ink">{t('flagged.title')}</h1>
      <p className="mt-2 max-w-2xl text-ink-muted">{t('flagged.lead', { average: threshold.belowAverage, count: threshold.minReviews })}</p>
      <div className="mt-6">
        {flagged.isPending ? (
          <div className="h-40 animate-pulse rounded-card bg-sand-100 motion-reduce:animate-none" />
        ) : flagged.isError ? (
          <RetryAlert message={t('flagged.loadFailed')} onRetry={() => void flagged.refetch()} />
        ) : flagged.data.items.length === 0 ? (
          <p className="rounded-card border border-sand-200 bg-white p-6 text-ink-muted">{t('flagged.empty')}</p>
        ) : (
          <div className="overflow-x-auto rounded-card border border-sand-200 bg-white">
            <table className="w-full text-start text-sm">
              <thead className="bg-sand-50 text-ink">
                <tr>
                  <th scope="col" className="px-4 py-3 text-start font-semibold">{t('flagged.name')}</th>
                  <th scope="col" className="px-4 py-3 text-start font-semibold">{t('flagged.city')}</th>
                  <th scope="col" className="px-4 py-3 text-start font-semibold">{t('flagged.average')}</th>
                  <th scope="col" className="px-4 py-3 text-start font-semibold">{t('flagged.reviews')}</th>
                  <th scope="col" className="px-4 py-3 text-start font-semibold">{t('flagged.status')}</th>
                  <th scope="col" className="px-4 py-3"><span className="sr-only">{t('flagged.view')}</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-sand-100">
                {flagged.data.items.map((p) => (
                  <tr key={p.professionalId}>
                    <td className="px-4 py-3 font-semibold text-ink">{p.fullName}</td>
                    <td className="px-4 py-3 text-ink">{p.city ?? '–'}</td>
                    <td className="px-4 py-3">
                      <RatingBadge rating={p.averageRating} text={formatNumber(p.averageRating, language, 2)} label={t('badge.label', { rating: formatNumber(p.averageRating, language, 2) })} />
                    </td>
                    <td className="px-4 py-3 tabular-nums text-ink">{p.totalReviews}</td>
                    <td className="px-4 py-3 text-ink">{t(`flagged.statuses.${p.status as 'active' | 'suspended'}`)}</td>
                    <td className="px-4 py-3">
                      <Link to={paths.pro(p.professionalId)} className="font-semibold text-primary-700 underline">
                        {t('flagged.view')}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  );
}

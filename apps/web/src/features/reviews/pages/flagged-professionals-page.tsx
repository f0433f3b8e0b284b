import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { DataTable } from '../../../components/ui/data-table';
import { RatingBadge } from '../../../entities/review/components/rating-badge';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';
import { useFlaggedProfessionals } from '../api';

/** /admin/flagged-professionals: professionals under 3 after at least 5 reviews (admins). */
export function FlaggedProfessionalsPage() {
  const { t } = useTranslation('reviews');
  // Issue 41: each professional's admin view, where a super_admin suspends or reinstates them.
  const { t: tl } = useTranslation('lateness');
  const language = useLanguage();
  const flagged = useFlaggedProfessionals();
  const threshold = flagged.data?.threshold ?? { belowAverage: 3, minReviews: 5 };
  return (
    <div className="container-page py-8 md:py-12">
      <Seo title={t('flagged.title')} noindex />
      <h1 className="text-3xl font-bold text-ink">{t('flagged.title')}</h1>
      <p className="mt-2 max-w-2xl text-ink-muted">{t('flagged.lead', { average: threshold.belowAverage, count: threshold.minReviews })}</p>
      <div className="mt-6">
        <DataTable
          query={flagged}
          columns={[
            { label: t('flagged.name') },
            { label: t('flagged.city') },
            { label: t('flagged.average') },
            { label: t('flagged.reviews') },
            { label: t('flagged.status') },
            { label: t('flagged.view'), srOnly: true },
          ]}
          isEmpty={(data) => data.items.length === 0}
          loadFailed={t('flagged.loadFailed')}
          empty={t('flagged.empty')}
          rows={(data) =>
            data.items.map((p) => (
              <tr key={p.professionalId}>
                <td className="px-4 py-3 font-semibold text-ink">{p.fullName}</td>
                <td className="px-4 py-3 text-ink">{p.city ?? '–'}</td>
                <td className="px-4 py-3">
                  <RatingBadge rating={p.averageRating} text={formatNumber(p.averageRating, language, 2)} label={t('badge.label', { rating: formatNumber(p.averageRating, language, 2) })} />
                </td>
                <td className="px-4 py-3 tabular-nums text-ink">{p.totalReviews}</td>
                <td className="px-4 py-3 text-ink">{t(`flagged.statuses.${p.status as 'active' | 'suspended'}`)}</td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap gap-3">
                    <Link to={paths.pro(p.professionalId)} className="font-semibold text-primary-700 underline">
                      {t('flagged.view')}
                    </Link>
                    <Link to={paths.adminProfessional(p.professionalId)} className="font-semibold text-primary-700 underline" data-testid="manage-professional">
                      {tl('admin.manage')}
                      <span className="sr-only"> <bdi>{p.fullName}</bdi></span>
                    </Link>
                  </div>
                </td>
              </tr>
            ))
          }
        />
      </div>
    </div>
  );
}

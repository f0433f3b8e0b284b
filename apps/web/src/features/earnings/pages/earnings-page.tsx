import { Seo } from '../../../components/seo';
import { useTranslation } from '../../../lib/use-translation';
import { EarningsPanel } from '../components/earnings-panel';

/** /earnings (professionals): completed jobs, escrow, released, paid out, pending, by month; the payout request. */
export function EarningsPage() {
  const { t } = useTranslation('earnings');
  return (
    <div className="container-page max-w-4xl py-8 md:py-12">
      <Seo title={t('title')} noindex />
      <h1 className="text-3xl font-bold text-ink">{t('title')}</h1>
      <p className="mt-2 max-w-2xl text-ink-muted">{t('lead')}</p>
      <div className="mt-6">
        <EarningsPanel />
      </div>
    </div>
  );
}

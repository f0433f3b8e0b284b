import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';
import { MyProSettings } from './my-pro-settings';

/** The dashboard's Services tab (features/pros/dashboard-tab.tsx). */
export function ServicesTab() {
  const { t } = useTranslation('pros');
  return (
    <section aria-labelledby="services-tab-title" className="max-w-3xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="services-tab-title" className="text-lg font-bold text-ink">
          {t('settings.title')}
        </h2>
        <Link to={paths.proProfile()} className="text-sm font-semibold text-primary-700 underline-offset-4 hover:underline">
          {t('settings.openPage')}
        </Link>
      </div>
      <p className="mt-1 text-ink-muted">{t('settings.subtitle')}</p>
      <div className="mt-4">
        <MyProSettings />
      </div>
    </section>
  );
}

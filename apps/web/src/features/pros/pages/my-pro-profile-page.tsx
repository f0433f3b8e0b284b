import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { buttonClass } from '../../../components/ui/button';
import { useTranslation } from '../../../lib/use-translation';
import { useMyProSettings } from '../api';
import { MyProSettings } from '../components/my-pro-settings';

/** /pro-profile: an approved professional edits what search, the finder and the assignment use. */
export function MyProProfilePage() {
  const { t } = useTranslation('pros');
  const settings = useMyProSettings();
  return (
    <div className="container-page max-w-3xl py-6 md:py-10">
      <Seo title={t('settings.title')} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-ink">{t('settings.title')}</h1>
        {settings.data ? (
          <Link to={paths.pro(settings.data.id)} className={buttonClass({ variant: 'secondary' })}>
            {t('settings.viewPublic')}
          </Link>
        ) : null}
      </div>
      <p className="mt-2 text-ink-muted">{t('settings.subtitle')}</p>
      <div className="mt-6">
        <MyProSettings />
      </div>
    </div>
  );
}

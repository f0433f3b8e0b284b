import { RetryAlert } from '../../../components/ui/retry-alert';
import { useTranslation } from '../../../lib/use-translation';
import { useMyProSettings } from '../api';
import { ProSettingsForm } from './pro-settings-form';

/** The professional's own settings, loaded: /pro-profile's body and the dashboard's Services tab. */
export function MyProSettings() {
  const { t } = useTranslation('pros');
  const settings = useMyProSettings();
  if (settings.isPending) {
    return (
      <div role="status" className="h-64 animate-pulse rounded-card bg-sand-200 motion-reduce:animate-none">
        <span className="sr-only">{t('loading')}</span>
      </div>
    );
  }
  if (settings.isError) return <RetryAlert message={t('settings.notAPro')} onRetry={() => void settings.refetch()} />;
  return <ProSettingsForm initial={settings.data} />;
}

import { useTranslation } from 'react-i18next';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /dashboard: stats, tabs (bookings, messages, services, earnings, admin, profile). The shell provides the heading; the dashboard capability builds the rest. */
export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.dashboard.title')} />
      <PageIntro title={t('pages.dashboard.title')} />
    </>
  );
}

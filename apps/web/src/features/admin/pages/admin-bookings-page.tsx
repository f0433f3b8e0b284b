import { useTranslation } from '../../../lib/use-translation';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /admin/bookings: all bookings with filters and row actions. The shell provides the heading; the admin capability builds the rest. */
export function AdminBookingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.adminBookings.title')} />
      <PageIntro title={t('pages.adminBookings.title')} />
    </>
  );
}

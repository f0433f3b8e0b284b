import { useTranslation } from 'react-i18next';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /pro-bookings: a professional's pending bookings with Accept and Decline. The shell provides the heading; the booking capability builds the rest. */
export function ProBookingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.proBookings.title')} />
      <PageIntro title={t('pages.proBookings.title')} />
    </>
  );
}

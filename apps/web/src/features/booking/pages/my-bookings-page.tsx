import { useTranslation } from 'react-i18next';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /dashboard/bookings and /bookings: the customer's bookings, updated live. The shell provides the heading; the booking capability builds the rest. */
export function MyBookingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.myBookings.title')} />
      <PageIntro title={t('pages.myBookings.title')} />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /booking and /booking/{professionalId}?date=&time=&description=: book a chosen professional. The shell provides the heading; the booking capability builds the rest. */
export function BookingPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.booking.title')} />
      <PageIntro title={t('pages.booking.title')} />
    </>
  );
}

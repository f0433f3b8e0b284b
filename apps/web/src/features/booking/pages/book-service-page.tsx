import { useTranslation } from 'react-i18next';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /book-service: the six-step booking wizard. The shell provides the heading; the booking capability builds the rest. */
export function BookServicePage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.bookService.title')} />
      <PageIntro title={t('pages.bookService.title')} />
    </>
  );
}

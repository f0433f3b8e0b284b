import { useTranslation } from '../../../lib/use-translation';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /admin/review-professionals: pending applications, approve or reject. The shell provides the heading; the admin capability builds the rest. */
export function ReviewProfessionalsPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.adminReview.title')} />
      <PageIntro title={t('pages.adminReview.title')} />
    </>
  );
}

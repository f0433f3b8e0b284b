import { useTranslation } from '../../../lib/use-translation';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /search: find professionals by city, service and rating. The shell provides the heading; the pros capability builds the rest. */
export function SearchPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.search.title')} />
      <PageIntro title={t('pages.search.title')} />
    </>
  );
}

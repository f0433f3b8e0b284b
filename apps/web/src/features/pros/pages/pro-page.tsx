import { useTranslation } from 'react-i18next';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /pro/{id}: a professional's public profile and booking panel. The shell provides the heading; the pros capability builds the rest. */
export function ProPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.pro.title')} />
      <PageIntro title={t('pages.pro.title')} />
    </>
  );
}

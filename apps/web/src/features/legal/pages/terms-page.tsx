import { useTranslation } from 'react-i18next';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /terms and /terms-new: the terms of service (15 sections). The shell provides the heading; the legal capability builds the rest. */
export function TermsPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.terms.title')} />
      <PageIntro title={t('pages.terms.title')} />
    </>
  );
}

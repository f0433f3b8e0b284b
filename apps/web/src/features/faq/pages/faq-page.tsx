import { useTranslation } from 'react-i18next';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /faq: 12 questions in five categories, as an accordion. The shell provides the heading; the faq capability builds the rest. */
export function FaqPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.faq.title')} />
      <PageIntro title={t('pages.faq.title')} lead={t('pages.faq.lead')} />
    </>
  );
}

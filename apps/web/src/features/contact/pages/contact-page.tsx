import { useTranslation } from 'react-i18next';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /contact: info cards and the contact form (stored and emailed to support, PRODUCT.md §1). The shell provides the heading; the contact capability builds the rest. */
export function ContactPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.contact.title')} />
      <PageIntro title={t('pages.contact.title')} lead={t('pages.contact.lead')} />
    </>
  );
}

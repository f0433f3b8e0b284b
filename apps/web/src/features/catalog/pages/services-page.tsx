import { useTranslation } from 'react-i18next';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /services: the catalogue with search (#search), category chips and service cards. The shell provides the heading; the catalog capability builds the rest. */
export function ServicesPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.services.title')} />
      <PageIntro title={t('pages.services.title')} lead={t('pages.services.lead')} />
    </>
  );
}

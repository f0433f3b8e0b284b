import { useTranslation } from '../../../lib/use-translation';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /become-pro: benefits, process, requirements and the application status. The shell provides the heading; the onboarding capability builds the rest. */
export function BecomeProPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.becomePro.title')} />
      <PageIntro title={t('pages.becomePro.title')} lead={t('pages.becomePro.lead')} />
    </>
  );
}

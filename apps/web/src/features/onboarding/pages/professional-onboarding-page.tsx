import { useTranslation } from '../../../lib/use-translation';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /professional-onboarding: the seven-step application wizard. The shell provides the heading; the onboarding capability builds the rest. */
export function ProfessionalOnboardingPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.onboarding.title')} />
      <PageIntro title={t('pages.onboarding.title')} lead={t('pages.onboarding.lead')} />
    </>
  );
}

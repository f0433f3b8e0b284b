import { useTranslation } from '../../../lib/use-translation';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /register-professional: the professionals' marketing page with the earnings calculator. The shell provides the heading; the onboarding capability builds the rest. */
export function RegisterProfessionalPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.registerProfessional.title')} />
      <PageIntro title={t('pages.registerProfessional.title')} lead={t('pages.registerProfessional.lead')} />
    </>
  );
}

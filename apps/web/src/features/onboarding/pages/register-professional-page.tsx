import { Seo } from '../../../components/seo';
import { ButtonLink } from '../../../components/ui/button';
import { PageIntro } from '../../../components/ui/page-intro';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';
import { EarningsCalculator } from '../components/earnings-calculator';
import { Benefits } from './become-pro-page';

/** /register-professional: the professionals' marketing page with the earnings calculator. */
export function RegisterProfessionalPage() {
  const { t } = useTranslation('onboarding');
  return (
    <>
      <Seo title={t('register.title')} />
      <PageIntro title={t('register.heroTitle')} lead={t('register.heroLead')}>
        <ButtonLink to={paths.professionalOnboarding()} size="lg" className="mt-6">
          {t('register.start')}
        </ButtonLink>
      </PageIntro>
      <div className="container-page space-y-12 py-10 md:py-14">
        <EarningsCalculator />
        <Benefits />
        <ButtonLink to={paths.professionalOnboarding()} size="lg">
          {t('register.start')}
        </ButtonLink>
      </div>
    </>
  );
}

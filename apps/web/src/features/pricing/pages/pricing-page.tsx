import { useTranslation } from 'react-i18next';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /pricing: sample price cards and Why Fixed Pricing. The shell provides the heading; the pricing capability builds the rest. */
export function PricingPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.pricing.title')} />
      <PageIntro title={t('pages.pricing.title')} lead={t('pages.pricing.lead')} />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /about: hero, mission, vision, values, call to action (SPEC §2 About). The shell provides the heading; the about capability builds the rest. */
export function AboutPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.about.title')} />
      <PageIntro title={t('pages.about.title')} lead={t('pages.about.lead')} />
    </>
  );
}

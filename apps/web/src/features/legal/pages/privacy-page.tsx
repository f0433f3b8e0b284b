import { useTranslation } from 'react-i18next';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /privacy and /privacy-new: the privacy policy (9 sections). The shell provides the heading; the legal capability builds the rest. */
export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.privacy.title')} />
      <PageIntro title={t('pages.privacy.title')} />
    </>
  );
}

import { useTranslation } from '../../../lib/use-translation';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /pro-profile: an approved professional completes their public profile. The shell provides the heading; the pros capability builds the rest. */
export function MyProProfilePage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.proProfile.title')} />
      <PageIntro title={t('pages.proProfile.title')} />
    </>
  );
}

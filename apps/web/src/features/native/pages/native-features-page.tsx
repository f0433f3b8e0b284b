import { useTranslation } from '../../../lib/use-translation';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /native-features (Mobile Features): camera, location, notifications, haptics. The shell provides the heading; the native capability builds the rest. */
export function NativeFeaturesPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.nativeFeatures.title')} />
      <PageIntro title={t('pages.nativeFeatures.title')} />
    </>
  );
}

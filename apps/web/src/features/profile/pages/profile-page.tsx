import { useTranslation } from 'react-i18next';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /profile: avatar and the Update Profile form. The shell provides the heading; the profile capability builds the rest. */
export function ProfilePage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.profile.title')} />
      <PageIntro title={t('pages.profile.title')} />
    </>
  );
}

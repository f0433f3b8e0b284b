import { useTranslation } from 'react-i18next';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /cookies: the cookie policy (10 sections). The shell provides the heading; the legal capability builds the rest. */
export function CookiesPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.cookies.title')} />
      <PageIntro title={t('pages.cookies.title')} />
    </>
  );
}

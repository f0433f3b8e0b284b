import { useTranslation } from 'react-i18next';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /signup: account type, name, email, password, legal checkboxes. The shell provides the heading; the auth capability builds the rest. */
export function SignupPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.signup.title')} />
      <PageIntro title={t('pages.signup.title')} lead={t('pages.signup.lead')} />
    </>
  );
}

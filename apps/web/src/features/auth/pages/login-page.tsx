import { useTranslation } from 'react-i18next';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /login: email and password, resend confirmation, forgot password. The shell provides the heading; the auth capability builds the rest. */
export function LoginPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.login.title')} />
      <PageIntro title={t('pages.login.title')} lead={t('pages.login.lead')} />
    </>
  );
}

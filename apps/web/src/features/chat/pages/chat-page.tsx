import { useTranslation } from '../../../lib/use-translation';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';

/** /chat: conversations per booking. The shell provides the heading; the chat capability builds the rest. */
export function ChatPage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.chat.title')} />
      <PageIntro title={t('pages.chat.title')} />
    </>
  );
}

import { ButtonLink } from '../../../components/ui/button';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { paths } from '../../../config/paths';
import { useConversations } from '../../../entities/conversation/api';
import type { DashboardTabViewer } from '../../../lib/dashboard-tabs';
import { useTranslation } from '../../../lib/use-translation';
import { ConversationList } from './conversation-list';

/** The dashboard's messages tab: the five latest conversations and a link to all of them. */
export function MessagesTab({ user }: DashboardTabViewer) {
  const { t } = useTranslation('chat');
  const conversations = useConversations();
  return (
    <section aria-labelledby="dashboard-messages-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="dashboard-messages-title" className="text-lg font-semibold text-ink">
          {t('tab.title')}
        </h2>
        <ButtonLink to={paths.chat()} variant="secondary">
          {t('tab.openAll')}
        </ButtonLink>
      </div>
      {conversations.isError ? (
        <RetryAlert message={t('errors.loadConversations')} onRetry={() => void conversations.refetch()} compact />
      ) : conversations.isPending ? (
        <div className="h-32 animate-pulse rounded-card bg-sand-100" aria-hidden="true" />
      ) : conversations.data.conversations.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('list.empty')}</p>
      ) : (
        <div className="overflow-hidden rounded-card border border-sand-200 bg-white">
          <ConversationList conversations={conversations.data.conversations.slice(0, 5)} selectedId={null} userId={user.id} />
        </div>
      )}
    </section>
  );
}

import { MessagesSquare } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { cn } from '../../../components/ui/cn';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { useConversations } from '../../../entities/conversation/api';
import { useSessionUser } from '../../../lib/session';
import { useTranslation } from '../../../lib/use-translation';
import { useConversation, useConversationOfBooking } from '../api';
import { ChatPane } from '../components/chat-pane';
import { ConversationList } from '../components/conversation-list';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /chat (docs/chat.md): the conversation list and the open conversation (?conversation=<id>). On
 * small screens one of the two at a time: the list, or the conversation with a back link.
 */
export function ChatPage() {
  const { t } = useTranslation('chat');
  const user = useSessionUser();
  const [params] = useSearchParams();
  const asked = params.get('conversation');
  const selectedId = asked && UUID.test(asked) ? asked : null;
  const askedBooking = params.get('booking');
  const bookingId = !selectedId && askedBooking && UUID.test(askedBooking) ? askedBooking : null;
  const ofBooking = useConversationOfBooking(bookingId);
  const navigate = useNavigate();
  useEffect(() => {
    if (ofBooking.data) void navigate(paths.chat({ conversation: ofBooking.data.id }), { replace: true });
  }, [ofBooking.data, navigate]);
  const conversations = useConversations(!!user);
  const fromList = conversations.data?.conversations.find((c) => c.id === selectedId);
  // Not in the list (an admin reading, or one opened a moment ago): fetched on its own.
  const single = useConversation(selectedId && !fromList && conversations.isSuccess ? selectedId : null);
  const selected = fromList ?? single.data ?? null;
  if (!user) return null;

  return (
    <>
      <Seo title={t('title')} />
      <div className="container-page py-4 md:py-8">
        <h1 className={cn('mb-3 text-2xl font-bold tracking-tight text-ink md:mb-5 md:text-3xl', selectedId && 'max-md:sr-only')}>{t('title')}</h1>
        <div className="grid h-[calc(100dvh-11rem)] min-h-[26rem] overflow-hidden rounded-card border border-sand-200 bg-white md:h-[min(46rem,calc(100dvh-14rem))] grid-cols-[minmax(0,1fr)] md:grid-cols-[22rem_minmax(0,1fr)]">
          <nav aria-label={t('list.label')} className={cn('min-h-0 overflow-y-auto border-e border-sand-200', selectedId ? 'max-md:hidden' : '')}>
            {conversations.isError ? (
              <div className="p-4">
                <RetryAlert message={t('errors.loadConversations')} onRetry={() => void conversations.refetch()} compact />
              </div>
            ) : conversations.isPending ? (
              <ul className="space-y-1 p-3" aria-hidden="true">
                {[0, 1, 2, 3].map((i) => (
                  <li key={i} className="h-16 animate-pulse rounded-xl bg-sand-100" />
                ))}
              </ul>
            ) : conversations.data.conversations.length === 0 ? (
              <div className="flex flex-col items-center gap-3 p-8 text-center text-sm text-ink-muted">
                <MessagesSquare aria-hidden="true" className="size-10 text-sand-400" />
                <p>{t('list.empty')}</p>
              </div>
            ) : (
              <ConversationList conversations={conversations.data.conversations} selectedId={selectedId} userId={user.id} />
            )}
          </nav>
          <div className={cn('min-h-0', selectedId ? '' : 'max-md:hidden')}>
            {selected ? (
              <ChatPane key={selected.id} conversation={selected} userId={user.id} />
            ) : single.isError ? (
              <div className="p-4">
                <RetryAlert message={t('errors.loadMessages')} onRetry={() => void single.refetch()} compact />
              </div>
            ) : (
              <p className="grid h-full place-items-center p-8 text-center text-sm text-ink-muted">
                {ofBooking.isError ? t('pane.noConversation') : selectedId || bookingId ? '' : t('pane.select')}
              </p>
            )}
          </div>
        </div>
      </div>
    </>
  );
}

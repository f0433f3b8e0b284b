import type { Conversation } from '@khedma/shared';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn';
import { paths } from '../../../config/paths';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import type { Language } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/use-translation';
import { activityLabel } from '@khedma/shared/domain/chat';
import { formatDate, formatDuration } from '../../../lib/format';
import { PartyAvatar } from './party-avatar';

/** The other party of a conversation from the viewer's side (an admin sees the professional). */
export function otherParty(c: Conversation) {
  return c.viewerRole === 'professional' ? c.customer : c.professional;
}

/**
 * What the booking is, in the reader's language (the stored title is the server's English): the
 * service's name, or for an hourly booking "2h with Youssef".
 */
export function conversationTitle(c: Conversation, language: Language, t: TFunction<'chat'>): string {
  if (c.bookingService) return pickLocalized(c.bookingService, language);
  return t('list.hourlyBooking', { duration: formatDuration(c.bookingDurationMinutes, language), name: c.professional.name });
}

/** One row per conversation: the other party, the booking, the last message, when, and how many are unread. */
/** "Today", "Yesterday", "3 days ago" up to 7, then the date: by Casablanca's calendar (docs/chat.md). */
function useActivityText() {
  const { t } = useTranslation('chat');
  const language = useLanguage();
  return (iso: string, now: Date) => {
    const label = activityLabel(new Date(iso), now);
    if (label.kind === 'today') return t('labels.today');
    if (label.kind === 'yesterday') return t('labels.yesterday');
    if (label.kind === 'daysAgo') return t('labels.daysAgo', { count: label.days });
    return formatDate(iso, language, 'medium');
  };
}

export function ConversationList({ conversations, selectedId, userId }: { conversations: readonly Conversation[]; selectedId: string | null; userId: string }) {
  const { t } = useTranslation('chat');
  const language = useLanguage();
  const activityText = useActivityText();
  const now = new Date();
  return (
    <ul className="divide-y divide-sand-100">
      {conversations.map((c) => {
        const other = otherParty(c);
        const last = c.lastMessage;
        const text = last ? (last.senderId === userId ? t('list.you', { text: last.preview }) : last.preview) : t('list.noMessages');
        const selected = c.id === selectedId;
        return (
          <li key={c.id}>
            <Link
              to={paths.chat({ conversation: c.id })}
              aria-current={selected ? 'true' : undefined}
              data-testid="conversation-row"
              className={cn(
                'flex min-h-11 items-start gap-3 px-4 py-3 no-underline transition-colors hover:bg-sand-50 focus-visible:bg-sand-50',
                selected && 'bg-primary-50 hover:bg-primary-50',
              )}
            >
              <PartyAvatar name={other.name} avatarUrl={other.avatarUrl} online={c.otherOnline} />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="truncate font-semibold text-ink">{other.name}</span>
                  <span className="shrink-0 text-xs text-ink-muted">{activityText(last?.createdAt ?? c.updatedAt, now)}</span>
                </span>
                <span className="block truncate text-xs text-ink-muted">
                  <bdi>{conversationTitle(c, language, t)}</bdi> · <bdi dir="ltr">{c.bookingReference}</bdi>
                </span>
                <span className="mt-0.5 flex items-center justify-between gap-2">
                  <span className={cn('truncate text-sm', c.unreadCount ? 'font-semibold text-ink' : 'text-ink-muted')}>{text}</span>
                  {c.unreadCount ? (
                    <span className="grid min-w-6 shrink-0 place-items-center rounded-full bg-primary-600 px-1.5 text-xs font-bold text-white" data-testid="unread-badge">
                      <span aria-hidden="true">{c.unreadCount}</span>
                      <span className="sr-only">{t('list.unread', { count: c.unreadCount })}</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

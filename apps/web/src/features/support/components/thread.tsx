import { FileText, Lock } from 'lucide-react';
import type { SupportAdminMessage, SupportMessage } from '@khedma/shared/schemas/support';
import { cn } from '../../../components/ui/cn';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';

type Message = SupportMessage & Partial<Pick<SupportAdminMessage, 'internal'>>;

/**
 * A ticket's messages, oldest first. `side`: whose view it is; the viewer's own messages sit at the end
 * of the line (start/end: mirrored in Arabic). Internal notes (the team's view only) are marked.
 */
export function SupportThread({ messages, side }: { messages: readonly Message[]; side: 'user' | 'support' }) {
  const { t } = useTranslation('support');
  const language = useLanguage();
  return (
    <ol aria-label={t('thread.label')} className="space-y-3">
      {messages.map((m) => {
        const mine = m.author === side;
        return (
          <li key={m.id} data-testid={m.internal ? 'support-note' : `support-message-${m.author}`} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
            <div
              className={cn(
                'max-w-[85%] rounded-2xl border px-4 py-3',
                m.internal ? 'border-saffron-300 bg-saffron-100' : mine ? 'border-primary-100 bg-primary-50' : 'border-sand-200 bg-white',
              )}
            >
              <p className="flex flex-wrap items-center gap-2 text-xs text-ink-muted">
                <span className="font-semibold text-ink">{m.author === 'user' && side === 'user' ? t('thread.you') : m.authorName}</span>
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, language)}</time>
                {m.internal ? (
                  <span className="inline-flex items-center gap-1 font-semibold text-ink">
                    <Lock aria-hidden="true" className="size-3.5" />
                    {t('admin.internalBadge')}
                  </span>
                ) : null}
              </p>
              {m.body ? (
                <p className="mt-1 whitespace-pre-line break-words text-ink">
                  <bdi>{m.body}</bdi>
                </p>
              ) : null}
              {m.file ? (
                m.file.type === 'image' ? (
                  <a href={m.file.url} target="_blank" rel="noreferrer" className="mt-2 block" aria-label={t('thread.openFile', { name: m.file.name })}>
                    <img src={m.file.url} alt={m.file.name} loading="lazy" className="max-h-60 rounded-lg border border-sand-200" />
                  </a>
                ) : (
                  <a href={m.file.url} target="_blank" rel="noreferrer" className="mt-2 inline-flex min-h-11 items-center gap-2 font-semibold text-primary-700 underline">
                    <FileText aria-hidden="true" className="size-4" />
                    <bdi>{m.file.name}</bdi>
                  </a>
                )
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

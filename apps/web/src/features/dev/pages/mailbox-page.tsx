import { Mail, MessageSquareText, RefreshCw } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import { Seo } from '../../../components/seo';
import { Button } from '../../../components/ui/button';
import { PageIntro } from '../../../components/ui/page-intro';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useOutbox, type OutboxMessage } from '../api';
import { linkify } from '../linkify';

/** /dev/mailbox: the emails and SMS captured outside production (docs/public-site.md), newest first. */
export function MailboxPage() {
  const { t } = useTranslation();
  const outbox = useOutbox();
  const mailboxOff = outbox.error instanceof ApiError && outbox.error.isNotFound;

  return (
    <>
      <Seo title={t('pages.devMailbox.title')} />
      <PageIntro title={t('pages.devMailbox.title')} lead={t('pages.devMailbox.lead')}>
        {!mailboxOff ? (
          <div className="mt-6 flex flex-wrap items-center gap-4">
            <Button variant="secondary" onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
              <RefreshCw aria-hidden="true" className={`size-4 ${outbox.isFetching ? 'animate-spin' : ''}`} />
              {outbox.isFetching ? t('pages.devMailbox.refreshing') : t('pages.devMailbox.refresh')}
            </Button>
            {outbox.data ? (
              <p className="text-sm text-ink-muted" aria-live="polite">
                {t('pages.devMailbox.count', { count: outbox.data.length })}
              </p>
            ) : null}
          </div>
        ) : null}
      </PageIntro>

      <div className="container-page py-8">
        {outbox.isPending ? (
          <ul aria-busy="true" aria-label={t('common.loading')} className="space-y-4">
            {[0, 1, 2].map((i) => (
              <li key={i} className="h-32 animate-pulse rounded-card bg-sand-100" />
            ))}
          </ul>
        ) : mailboxOff ? (
          <Notice>{t('pages.devMailbox.off')}</Notice>
        ) : outbox.isError ? (
          <Notice tone="error">
            {t('pages.devMailbox.loadError')}{' '}
            <Button variant="ghost" onClick={() => void outbox.refetch()}>
              {t('common.retry')}
            </Button>
          </Notice>
        ) : outbox.data.length === 0 ? (
          <Notice>{t('pages.devMailbox.empty')}</Notice>
        ) : (
          <ol className="space-y-4">
            {outbox.data.map((message) => (
              <li key={message.id}>
                <MessageCard message={message} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}

function Notice({ children, tone = 'info' }: { children: React.ReactNode; tone?: 'info' | 'error' }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-card border p-6 ${tone === 'error' ? 'border-cancelled/30 bg-cancelled-soft text-cancelled' : 'border-sand-200 bg-white text-ink-muted'}`}
    >
      {children}
    </div>
  );
}

function MessageCard({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const isEmail = message.channel === 'email';
  const Icon = isEmail ? Mail : MessageSquareText;

  return (
    <article className="rounded-card border border-sand-200 bg-white p-4 shadow-sm md:p-6">
      <header className="flex flex-wrap items-start gap-x-4 gap-y-2">
        <span
          className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ${isEmail ? 'bg-primary-50 text-primary-800' : 'bg-accent-50 text-accent-700'}`}
        >
          <Icon aria-hidden="true" className="size-3.5" />
          {isEmail ? t('pages.devMailbox.email') : t('pages.devMailbox.sms')}
        </span>
        {/* Subjects and addresses keep their own direction inside an Arabic page. */}
        <h2 className="min-w-0 flex-1 basis-64 font-semibold text-ink">
          {message.subject ? <bdi>{message.subject}</bdi> : isEmail ? t('pages.devMailbox.noSubject') : <bdi dir="ltr">{message.to}</bdi>}
        </h2>
      </header>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-muted">{t('pages.devMailbox.to')}</dt>
        <dd className="min-w-0 break-all">
          <bdi dir="ltr">{message.to}</bdi>
        </dd>
        <dt className="text-ink-muted">{t('pages.devMailbox.sent')}</dt>
        <dd>
          <time dateTime={message.created_at}>{formatDateTime(message.created_at, language)}</time>
        </dd>
      </dl>
      {message.text ? (
        // Captured messages keep their own language and direction.
        <p dir="auto" className="mt-4 whitespace-pre-wrap break-words rounded-xl bg-sand-50 p-4 text-sm">
          {linkify(message.text)}
        </p>
      ) : null}
      {message.html ? (
        <details className="mt-3">
          <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-lg text-sm font-semibold text-primary-700">
            {t('pages.devMailbox.htmlPreview')}
          </summary>
          {/* sandbox with no permissions: no scripts, no same-origin access, no navigation of this page. */}
          <iframe
            title={`${t('pages.devMailbox.htmlPreview')}: ${message.subject ?? message.to}`}
            sandbox=""
            srcDoc={message.html}
            className="mt-2 h-96 w-full rounded-xl border border-sand-200 bg-white"
          />
        </details>
      ) : null}
    </article>
  );
}

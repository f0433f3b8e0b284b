import { CheckCircle2, Paperclip } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { CHAT_RULES } from '@khedma/shared/domain/chat';
import { SUPPORT_RULES } from '@khedma/shared/domain/support';
import { Seo } from '../../../components/seo';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FormAlert, TextAreaField } from '../../../components/ui/field';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useReply, useResolve, useTicket, useUploadFile } from '../api';
import { SupportStatusPill } from '../components/status-pill';
import { SupportThread } from '../components/thread';

/** /support/:id: one ticket, its thread, a reply box, a file, and "Mark as resolved". */
export function TicketPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('support');
  const language = useLanguage();
  const ticket = useTicket(id);
  const reply = useReply(id);
  const resolve = useResolve(id);
  const upload = useUploadFile(id);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  if (ticket.isPending) {
    return (
      <div className="container-page max-w-3xl py-10">
        <Seo title={t('title')} noindex />
        <div className="h-64 animate-pulse rounded-card bg-sand-100 motion-reduce:animate-none" />
      </div>
    );
  }
  if (ticket.isError) {
    const missing = (ticket.error as { status?: number }).status === 404;
    return (
      <div className="container-page max-w-3xl py-10">
        <Seo title={t('title')} noindex />
        {missing ? (
          <>
            <h1 className="text-2xl font-bold text-ink">{t('notFound')}</h1>
            <ButtonLink to={paths.support()} variant="secondary" className="mt-4">
              {t('backToList')}
            </ButtonLink>
          </>
        ) : (
          <RetryAlert as="h1" message={t('ticketLoadFailed')} onRetry={() => void ticket.refetch()} />
        )}
      </div>
    );
  }
  const data = ticket.data;
  const busy = reply.isPending || resolve.isPending || upload.isPending;

  function send(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!message.trim()) {
      setError(t('form.errors.message'));
      return;
    }
    setFormError(null);
    reply.mutate(message.trim(), {
      onSuccess: () => {
        setMessage('');
        toast.success(t('thread.sent'));
      },
      onError: (e) => setFormError(isApiError(e, 'INVALID_TRANSITION') ? t('thread.closed') : isApiError(e, 'RATE_LIMITED') ? t('form.tooMany') : t('thread.failed')),
    });
  }

  function attach(file: File | undefined) {
    if (!file || busy) return;
    upload.mutate(file, {
      onError: (e) => toast.error(isApiError(e) && e.fields.file ? e.message : t('thread.fileFailed')),
      onSettled: () => {
        if (fileInput.current) fileInput.current.value = '';
      },
    });
  }

  return (
    <div className="container-page max-w-3xl py-8 md:py-12">
      <Seo title={data.subject} noindex />
      <Link to={paths.support()} className="text-sm font-semibold text-primary-700 underline">
        {t('backToList')}
      </Link>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words text-ink md:text-3xl">
            <bdi>{data.subject}</bdi>
          </h1>
          <p className="mt-1 text-sm text-ink-muted">
            <span dir="ltr">{data.reference}</span> · {t(`category.${data.category}`)}
            {data.bookingReference ? <> · {t('onBooking', { reference: data.bookingReference })}</> : null}
          </p>
        </div>
        <SupportStatusPill status={data.status} />
      </div>
      <FormAlert tone="info" className="mt-4" live={false}>
        {data.status === 'resolved' && data.closesAt
          ? t('statusHint.resolved', { date: formatDate(data.closesAt, language, 'long') })
          : t(`statusHint.${data.status}`, { hours: SUPPORT_RULES.firstAnswerHours })}
      </FormAlert>
      {!data.firstAnsweredAt ? (
        <p className="mt-2 text-sm font-semibold text-ink" data-testid="support-first-answer">
          {t('firstAnswer', { hours: SUPPORT_RULES.firstAnswerHours })}
        </p>
      ) : null}

      <div className="mt-6">
        <SupportThread messages={data.messages} side="user" />
      </div>

      {data.canReply ? (
        <form onSubmit={send} noValidate className="mt-6 space-y-3 rounded-card border border-sand-200 bg-white p-4 md:p-5">
          <TextAreaField
            label={t('thread.reply')}
            value={message}
            rows={4}
            maxLength={SUPPORT_RULES.messageMax}
            error={error}
            onChange={(e) => {
              setMessage(e.target.value);
              setError(null);
            }}
          />
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
            <label className="inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border border-sand-300 px-4 font-semibold text-ink has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary-600">
              <Paperclip aria-hidden="true" className="size-4" />
              {upload.isPending ? t('thread.uploading') : t('thread.attach')}
              <input ref={fileInput} type="file" accept={CHAT_RULES.accept} className="sr-only" disabled={busy} onChange={(e) => attach(e.target.files?.[0])} />
            </label>
            {data.canResolve ? (
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() =>
                  resolve.mutate(undefined, {
                    onSuccess: () => toast.success(t('thread.resolved')),
                    onError: () => toast.error(t('thread.resolveFailed')),
                  })
                }
              >
                <CheckCircle2 aria-hidden="true" className="size-4" />
                {t('thread.resolve')}
              </Button>
            ) : null}
            <Button type="submit" variant="primary" disabled={busy}>
              {reply.isPending ? t('thread.sending') : t('thread.send')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <p className="text-ink-muted">{t('thread.closed')}</p>
          <ButtonLink to={paths.supportNew()} variant="secondary">
            {t('newTicket')}
          </ButtonLink>
        </div>
      )}
    </div>
  );
}

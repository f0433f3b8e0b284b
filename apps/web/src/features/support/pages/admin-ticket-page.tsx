import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { SUPPORT_RULES, SUPPORT_STATUSES, type SupportStatus } from '@khedma/shared/domain/support';
import { Seo } from '../../../components/seo';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FormAlert, SelectField, TextAreaField } from '../../../components/ui/field';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { useSessionUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useAdminReply, useAdminTicket, useAdminUpdate } from '../api';
import { SupportStatusPill } from '../components/status-pill';
import { SupportThread } from '../components/thread';

/** /admin/support/:id: the whole thread (internal notes too), an answer or a note, status and assignment. */
export function AdminTicketPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('support');
  const language = useLanguage();
  const me = useSessionUser();
  const ticket = useAdminTicket(id);
  const reply = useAdminReply(id);
  const update = useAdminUpdate(id);
  const [message, setMessage] = useState('');
  const [internal, setInternal] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (ticket.isPending) return <div className="container-page max-w-4xl py-10"><div className="h-64 animate-pulse rounded-card bg-sand-100 motion-reduce:animate-none" /></div>;
  if (ticket.isError) {
    return (
      <div className="container-page max-w-4xl py-10">
        <Seo title={t('admin.title')} noindex />
        {(ticket.error as { status?: number }).status === 404 ? (
          <h1 className="text-2xl font-bold text-ink">{t('notFound')}</h1>
        ) : (
          <RetryAlert as="h1" message={t('ticketLoadFailed')} onRetry={() => void ticket.refetch()} />
        )}
      </div>
    );
  }
  const data = ticket.data;

  function send(event: FormEvent) {
    event.preventDefault();
    if (reply.isPending) return;
    if (!message.trim()) {
      setError(t('form.errors.message'));
      return;
    }
    reply.mutate(
      { message: message.trim(), internal },
      {
        onSuccess: () => {
          toast.success(internal ? t('admin.noteAdded') : t('admin.answerSent'));
          setMessage('');
          setInternal(false);
        },
        onError: () => toast.error(t('thread.failed')),
      },
    );
  }

  const change = (body: { status?: SupportStatus; assigneeId?: string | null }, done: string) =>
    update.mutate(body, { onSuccess: () => toast.success(done), onError: () => toast.error(t('admin.saveFailed')) });

  return (
    <div className="container-page max-w-4xl py-8 md:py-12">
      <Seo title={data.subject} noindex />
      <Link to={paths.adminSupport()} className="text-sm font-semibold text-primary-700 underline">
        {t('admin.back')}
      </Link>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words text-ink md:text-3xl">
            <bdi>{data.subject}</bdi>
          </h1>
          <p className="mt-1 text-sm text-ink-muted">
            <span dir="ltr">{data.reference}</span> · {t(`category.${data.category}`)}
            {data.bookingReference ? <> · {t('onBooking', { reference: data.bookingReference })}</> : null}
            {data.waitingSince ? <> · {t('admin.waiting', { date: formatDateTime(data.waitingSince, language) })}</> : null}
          </p>
          <p className="mt-1 text-sm text-ink">
            {t('admin.requester')}: <bdi>{data.requester.name}</bdi> · <span dir="ltr">{data.requester.email}</span>
            {data.requester.userId ? null : <> ({t('admin.visitor')})</>}
          </p>
        </div>
        <SupportStatusPill status={data.status} />
      </div>

      <div className="mt-5 grid gap-3 rounded-card border border-sand-200 bg-white p-4 sm:grid-cols-2">
        <SelectField label={t('admin.statusLabel')} value={data.status} disabled={update.isPending} onChange={(e) => change({ status: e.target.value as SupportStatus }, t('admin.statusSaved'))}>
          {SUPPORT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-col gap-2">
          <SelectField
            label={t('admin.assignee')}
            value={data.assignee?.id ?? ''}
            disabled={update.isPending}
            onChange={(e) => change({ assigneeId: e.target.value || null }, t('admin.assigned'))}
          >
            <option value="">{t('admin.unassigned')}</option>
            {data.admins.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </SelectField>
          {me && data.assignee?.id !== me.id ? (
            <Button variant="secondary" disabled={update.isPending} onClick={() => change({ assigneeId: me.id }, t('admin.assigned'))}>
              {t('admin.assignMe')}
            </Button>
          ) : null}
        </div>
      </div>

      <div className="mt-6">
        <SupportThread messages={data.messages} side="support" />
      </div>

      <form onSubmit={send} noValidate className="mt-6 space-y-3 rounded-card border border-sand-200 bg-white p-4 md:p-5" data-testid="support-admin-reply">
        <TextAreaField
          label={t('admin.answer')}
          value={message}
          rows={4}
          maxLength={SUPPORT_RULES.messageMax}
          error={error}
          onChange={(e) => {
            setMessage(e.target.value);
            setError(null);
          }}
        />
        <CheckboxField label={t('admin.internal')} checked={internal} onChange={(e) => setInternal(e.target.checked)} />
        {internal ? (
          <FormAlert tone="info" live={false}>
            {t('admin.internal')}
          </FormAlert>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" variant={internal ? 'secondary' : 'primary'} disabled={reply.isPending} className="w-full sm:w-auto">
            {internal ? t('admin.addNote') : t('admin.sendAnswer')}
          </Button>
        </div>
      </form>
    </div>
  );
}

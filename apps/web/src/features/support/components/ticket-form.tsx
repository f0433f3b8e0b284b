import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CHAT_RULES } from '@khedma/shared/domain/chat';
import { SUPPORT_CATEGORIES, SUPPORT_RULES, type SupportCategory } from '@khedma/shared/domain/support';
import { Button } from '../../../components/ui/button';
import { describedBy, FieldShell, FormAlert, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { useBookings } from '../../../entities/booking/api';
import { isApiError } from '../../../lib/api';
import { formatLocalDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useCreateTicket } from '../api';

interface Errors {
  subject?: string;
  category?: string;
  message?: string;
  files?: string;
  form?: string;
}

/** Opens a ticket: subject, category, one of the person's bookings or none, message, optional files. */
export function TicketForm({ bookingId: initialBooking }: { bookingId?: string }) {
  const { t } = useTranslation('support');
  const language = useLanguage();
  const navigate = useNavigate();
  const bookings = useBookings();
  const create = useCreateTicket();
  const [subject, setSubject] = useState('');
  const [category, setCategory] = useState<SupportCategory | ''>(initialBooking ? 'booking' : '');
  const [bookingId, setBookingId] = useState(initialBooking ?? '');
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});

  const options = bookings.data ?? [];
  const known = options.some((b) => b.id === bookingId);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    const next: Errors = {
      subject: subject.trim().length < SUPPORT_RULES.subjectMin ? t('form.errors.subject') : undefined,
      category: category ? undefined : t('form.errors.category'),
      message: message.trim() ? undefined : t('form.errors.message'),
      files: files.length > SUPPORT_RULES.filesPerTicketForm ? t('form.tooManyFiles', { max: SUPPORT_RULES.filesPerTicketForm }) : undefined,
    };
    setErrors(next);
    if (next.subject || next.category || next.message || next.files) return;
    create.mutate(
      { body: { subject: subject.trim(), category: category as SupportCategory, message: message.trim(), bookingId: bookingId || null }, files },
      {
        onSuccess: ({ ticket, failed }) => {
          toast.success(t('form.created', { hours: SUPPORT_RULES.firstAnswerHours }));
          if (failed.length) toast.error(t('form.someFilesFailed', { names: failed.join(', ') }));
          void navigate(paths.supportTicket(ticket.id));
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.fields : {};
          setErrors({
            subject: fields.subject ? t('form.errors.subject') : undefined,
            category: fields.category ? t('form.errors.category') : undefined,
            message: fields.message ? t('form.errors.message') : undefined,
            form: isApiError(error, 'RATE_LIMITED') ? t('form.tooMany') : isApiError(error, 'NOT_FOUND') ? t('form.bookingNotFound') : t('form.failed'),
          });
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5 rounded-card border border-sand-200 bg-white p-5 md:p-6" data-testid="support-ticket-form">
      <TextField
        label={t('form.subject')}
        hint={t('form.subjectHint')}
        value={subject}
        maxLength={SUPPORT_RULES.subjectMax}
        required
        error={errors.subject ?? null}
        onChange={(e) => {
          setSubject(e.target.value);
          setErrors((x) => ({ ...x, subject: undefined }));
        }}
      />
      <SelectField
        label={t('category.label')}
        value={category}
        required
        error={errors.category ?? null}
        onChange={(e) => {
          setCategory(e.target.value as SupportCategory);
          setErrors((x) => ({ ...x, category: undefined }));
        }}
      >
        <option value="">{t('category.choose')}</option>
        {SUPPORT_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {t(`category.${c}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('form.booking')} hint={t('form.bookingHint')} value={bookingId} onChange={(e) => setBookingId(e.target.value)}>
        <option value="">{t('form.noBooking')}</option>
        {bookingId && !known ? <option value={bookingId}>{bookingId.slice(0, 8).toUpperCase()}</option> : null}
        {options.map((b) => (
          <option key={b.id} value={b.id}>
            {b.reference} · {formatLocalDate(b.local.date, language, 'medium')}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('form.message')}
        hint={t('form.messageHint')}
        value={message}
        rows={6}
        maxLength={SUPPORT_RULES.messageMax}
        required
        error={errors.message ?? null}
        onChange={(e) => {
          setMessage(e.target.value);
          setErrors((x) => ({ ...x, message: undefined }));
        }}
      />
      <FieldShell id="support-files" label={t('form.files')} hint={t('form.filesHint', { max: SUPPORT_RULES.filesPerTicketForm })} error={errors.files ?? null}>
        <input
          id="support-files"
          type="file"
          multiple
          accept={CHAT_RULES.accept}
          aria-describedby={describedBy('support-files', true, errors.files)}
          aria-invalid={errors.files ? true : undefined}
          className="block w-full text-sm file:me-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-primary-50 file:px-4 file:font-semibold file:text-primary-700"
          onChange={(e) => {
            setFiles(Array.from(e.target.files ?? []));
            setErrors((x) => ({ ...x, files: undefined }));
          }}
        />
      </FieldShell>
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <Button type="submit" variant="accent" size="lg" className="w-full sm:w-auto" disabled={create.isPending}>
        {create.isPending ? t('form.submitting') : t('form.submit')}
      </Button>
    </form>
  );
}

import { useMutation } from '@tanstack/react-query';
import { contactRequestSchema } from '@khedma/shared/schemas/contact';
import { ArrowRight, Mail, MapPin, Phone, Send } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useFormOutcome } from '../../../lib/form-outcome';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { SUPPORT_CONTACT } from '../../../config/site';
import { Seo } from '../../../components/seo';
import { Button } from '../../../components/ui/button';
import { DirectionalIcon } from '../../../components/ui/directional-icon';
import { FormAlert, TextAreaField, TextField } from '../../../components/ui/field';
import { PageIntro } from '../../../components/ui/page-intro';
import { ApiError } from '../../../lib/api';
import { validate, type FieldErrors } from '../../../lib/form';
import { useLanguage } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { sendContactMessage } from '../api';
import { contactMessageKey } from '../contact-messages';
import { SignedInTicket } from '../components/signed-in-ticket';

type Values = { name: string; email: string; phone: string; message: string };
const EMPTY: Values = { name: '', email: '', phone: '', message: '' };
const FIELDS = ['name', 'email', 'phone', 'message'] as const;
type Notice = 'sent' | 'failed' | 'rateLimited' | null;

/** The form's fields as they are in the page (typed before the app took it over, or after). */
function readForm(form: HTMLFormElement): Values {
  const data = new FormData(form);
  const read = (field: keyof Values) => String(data.get(field) ?? '');
  return { name: read('name'), email: read('email'), phone: read('phone'), message: read('message') };
}

/**
 * /contact (docs/public-site.md Contact): hero, three info cards, and the form validated with the shared schema
 * (the server's own rule). The form is a real POST to /contact (docs/public-site.md: it works before and
 * without JavaScript): the server stores and mails the message with the API's rate limit and answers
 * with this page and the success or failure message (useFormOutcome). Once the app runs it sends the
 * same fields through the API instead, reading them from the form itself, so nothing typed before the
 * app took the page over is lost. Success and failure carry docs/public-site.md's messages; too many
 * messages (429) get their own message.
 */
export function ContactPage() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('site');
  const language = useLanguage();
  const answered = useFormOutcome('contact');
  // The fields' starting values: what the server was sent when it answered with an error, else empty.
  const [defaults] = useState<Values>(() => answered?.values ?? EMPTY);
  const [errors, setErrors] = useState<FieldErrors>(() => answered?.errors ?? {});
  // The server's answer to the form sent as plain HTML shows in the form (the app's own sends use toasts,
  // and the form's own alert for too many messages).
  const [notice, setNotice] = useState<Notice>(() => (answered && answered.status !== 'invalid' ? answered.status : answered ? 'failed' : null));
  const formRef = useRef<HTMLFormElement>(null);

  const send = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => {
      toast.success(ts('contact.success'));
      // Emptied in place (not remounted): the keyboard focus stays on the button.
      const form = formRef.current;
      for (const field of FIELDS) {
        const input = form?.elements.namedItem(field);
        if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) input.value = '';
      }
      setErrors({});
    },
    onError: (error) => {
      if (error instanceof ApiError && error.isRateLimited) {
        setNotice('rateLimited');
        toast.error(ts('contact.rateLimited'));
        return;
      }
      const fields = error instanceof ApiError ? (error.details?.fields as Record<string, string> | undefined) : undefined;
      if (fields && Object.keys(fields).length) showErrors(fields);
      toast.error(ts('contact.failure'));
    },
  });

  const message = (text: string | undefined) => {
    if (!text) return null;
    const key = contactMessageKey(text);
    return key ? ts(key) : text;
  };

  function showErrors(found: FieldErrors) {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    setNotice(null);
    const result = validate(contactRequestSchema, readForm(event.currentTarget));
    if (!result.ok) {
      showErrors(result.errors);
      return;
    }
    setErrors({});
    send.mutate(result.data);
  };

  const clearError = (field: keyof Values) => () => {
    if (errors[field]) setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const cards = [
    {
      Icon: Phone,
      title: ts('contact.phoneTitle'),
      value: (
        <a href={`tel:${SUPPORT_CONTACT.phone}`} dir="ltr" className="font-semibold text-primary-700 hover:underline">
          {SUPPORT_CONTACT.phoneDisplay}
        </a>
      ),
      note: ts('contact.phoneNote'),
    },
    {
      Icon: Mail,
      title: ts('contact.emailTitle'),
      value: (
        <a href={`mailto:${SUPPORT_CONTACT.email}`} className="font-semibold break-all text-primary-700 hover:underline">
          {SUPPORT_CONTACT.email}
        </a>
      ),
      note: ts('contact.emailNote'),
    },
    { Icon: MapPin, title: ts('contact.cityTitle'), value: <span className="font-semibold">{SUPPORT_CONTACT.city[language]}</span>, note: ts('contact.cityNote') },
  ];

  return (
    <>
      <Seo title={t('pages.contact.title')} description={ts('contact.description')} />
      <PageIntro title={t('pages.contact.title')} lead={t('pages.contact.lead')} />

      <SignedInTicket />
      <section aria-labelledby="contact-info" className="container-page pt-10">
        <h2 id="contact-info" className="sr-only">
          {ts('contact.infoHeading')}
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {cards.map(({ Icon, title, value, note }) => (
            <li key={title} className="flex items-start gap-4 rounded-card border border-sand-200 bg-white p-5">
              <span aria-hidden="true" className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-50 text-primary-700">
                <Icon className="size-5" />
              </span>
              <div className="min-w-0">
                <h3 className="text-sm text-ink-muted">{title}</h3>
                <p className="mt-0.5">{value}</p>
                <p className="mt-1 text-sm text-ink-muted">{note}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <div className="container-page grid gap-8 py-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:py-14">
        <section aria-labelledby="contact-form" className="rounded-card border border-sand-200 bg-white p-6 md:p-8">
          <h2 id="contact-form" className="text-2xl font-bold">
            {ts('contact.formTitle')}
          </h2>
          <p className="mt-1 text-sm text-ink-muted">{ts('contact.formLead')}</p>
          <form
            ref={formRef}
            method="post"
            action={paths.contact()}
            noValidate
            onSubmit={onSubmit}
            className="mt-6 grid gap-5 md:grid-cols-2"
          >
            <input type="hidden" name="lang" value={language} />
            {notice === 'sent' ? (
              <FormAlert tone="success" className="md:col-span-2">
                {ts('contact.success')}
              </FormAlert>
            ) : notice ? (
              <FormAlert className="md:col-span-2">{notice === 'rateLimited' ? ts('contact.rateLimited') : ts('contact.failure')}</FormAlert>
            ) : null}
            <TextField
              name="name"
              label={ts('contact.name')}
              required
              autoComplete="name"
              defaultValue={defaults.name}
              onChange={clearError('name')}
              error={message(errors.name)}
              maxLength={100}
            />
            <TextField
              name="email"
              type="email"
              label={ts('contact.email')}
              required
              autoComplete="email"
              inputMode="email"
              defaultValue={defaults.email}
              onChange={clearError('email')}
              error={message(errors.email)}
            />
            <TextField
              name="phone"
              type="tel"
              label={ts('contact.phone')}
              labelExtra={ts('contact.optional')}
              autoComplete="tel"
              inputMode="tel"
              defaultValue={defaults.phone}
              onChange={clearError('phone')}
              error={message(errors.phone)}
              maxLength={20}
              fieldClassName="md:col-span-2"
            />
            <TextAreaField
              name="message"
              label={ts('contact.message')}
              hint={ts('contact.messageHint')}
              required
              rows={6}
              defaultValue={defaults.message}
              onChange={clearError('message')}
              error={message(errors.message)}
              maxLength={2000}
              fieldClassName="md:col-span-2"
            />
            <div className="md:col-span-2">
              {/* aria-disabled, not disabled, while sending: a disabled button would drop the keyboard focus to the page. */}
              <Button type="submit" size="lg" aria-disabled={send.isPending || undefined} className="w-full sm:w-auto">
                <Send aria-hidden="true" className="size-5" />
                {send.isPending ? ts('contact.sending') : ts('contact.submit')}
              </Button>
            </div>
          </form>
        </section>

        <aside aria-labelledby="contact-faq" className="self-start rounded-card bg-primary-50 p-6">
          <h2 id="contact-faq" className="text-xl font-semibold">
            {ts('contact.faqTitle')}
          </h2>
          <p className="mt-2 text-ink-muted">{ts('contact.faqBody')}</p>
          <Link to={paths.faq()} className="mt-4 inline-flex min-h-11 items-center gap-2 font-semibold text-primary-700 hover:underline">
            {ts('contact.faqLink')}
            <DirectionalIcon icon={ArrowRight} className="size-4" />
          </Link>
        </aside>
      </div>
    </>
  );
}

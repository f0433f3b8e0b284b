import { useId, useState, type FormEvent } from 'react';
import { addEmailRequestSchema } from '@khedma/shared/schemas/account-email';
import { useTranslation } from '../../../lib/use-translation';
import { isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/field';
import { useAccountEmail, useAddEmail } from '../api';

/**
 * A phone account's email (issue 42, docs/accounts.md#email-of-a-phone-account): "Add an email address"
 * (a confirmation link is sent to it); until the link is opened, "Confirmation sent to x" with Resend
 * and Change. Once confirmed the address is the account's and this section is gone.
 */
export function EmailSettings() {
  const { t } = useTranslation('profile');
  const { t: tShell } = useTranslation();
  const status = useAccountEmail();
  const add = useAddEmail();
  const id = useId();
  const [value, setValue] = useState('');
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const pending = status.data?.pendingEmail ?? null;

  const failed = (err: unknown) => {
    if (isApiError(err, 'EMAIL_EXISTS')) setError(t('email.exists'));
    else if (isApiError(err, 'VALIDATION_FAILED')) setError(t('email.invalid'));
    else if (isApiError(err) && err.isRateLimited) setFailure(t('email.rateLimited'));
    else if (isApiError(err) && err.isNetwork) setFailure(tShell('errors.api.network'));
    else setFailure(t('email.failed'));
  };

  const send = (email: string) => {
    setError(null);
    setFailure(null);
    add.mutate(email, {
      onSuccess: (answer) => {
        setEditing(false);
        setValue('');
        toast.success(t('email.sent', { email: answer.pendingEmail }));
      },
      onError: failed,
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const parsed = addEmailRequestSchema.safeParse({ email: value });
    if (!parsed.success) {
      setError(value.trim() ? t('email.invalid') : t('email.required'));
      return;
    }
    send(parsed.data.email);
  };

  if (status.isPending) return <p className="text-sm text-ink-muted">{t('email.loading')}</p>;
  if (status.isError) return <FormAlert tone="error">{t('email.loadFailed')}</FormAlert>;
  if (!status.data.canAdd) return null;

  return (
    <div className="flex flex-col gap-4">
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      {pending && !editing ? (
        <>
          <p data-testid="email-pending">
            {t('email.pendingBefore')}{' '}
            <span dir="ltr" className="break-all font-semibold">
              {pending}
            </span>
          </p>
          <p className="text-sm text-ink-muted">{t('email.pendingHint')}</p>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" disabled={add.isPending} onClick={() => send(pending)}>
              {add.isPending ? t('email.sending') : t('email.resend')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setEditing(true);
                setValue(pending);
                setError(null);
              }}
            >
              {t('email.change')}
            </Button>
          </div>
        </>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={add.isPending}>
          <p className="text-sm text-ink-muted">{t('email.why')}</p>
          <TextField
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            inputMode="email"
            label={t('email.label')}
            value={value}
            error={error}
            onChange={(e) => setValue(e.target.value)}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? t('email.sending') : t('email.send')}
            </Button>
            {editing ? (
              <Button variant="ghost" onClick={() => setEditing(false)}>
                {t('email.cancel')}
              </Button>
            ) : null}
          </div>
        </form>
      )}
    </div>
  );
}

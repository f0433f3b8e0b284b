import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../../../lib/use-translation';
import { useLocation } from 'react-router';
import { forgotPasswordRequestSchema } from '@khedma/shared/schemas/auth';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/field';
import { useSchemaForm } from '../../../lib/form';
import { useRequestPasswordReset } from '../api';
import { AuthCard } from '../components/auth-card';
import { useAuthErrorText } from '../components/use-auth-error';

/**
 * /forgot-password: asks for the reset email. The answer is the same whether or not an account
 * exists (nothing about other people's accounts is revealed); the link lands on /reset-password.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const requestReset = useRequestPasswordReset();
  const errorText = useAuthErrorText();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const prefill = (location.state as { email?: unknown } | null)?.email;
  const form = useSchemaForm({
    initial: { email: typeof prefill === 'string' ? prefill : '' },
    schema: forgotPasswordRequestSchema,
    idPrefix: 'forgot',
  });

  if (sentTo) {
    return (
      <>
        <Seo title={t('forgot.sentTitle')} />
        <AuthCard title={t('forgot.sentTitle')} focusHeading>
          <div className="flex flex-col items-center gap-4 text-center">
            <span className="grid size-16 place-items-center rounded-full bg-primary-50 text-primary-700">
              <MailCheck aria-hidden="true" className="size-8" />
            </span>
            <p role="status" className="text-pretty">
              <Trans t={t} i18nKey="forgot.sent" values={{ email: sentTo }} components={{ email: <strong dir="ltr" className="break-all font-semibold" /> }} />
            </p>
          </div>
          <ButtonLink to={paths.login()} size="lg" className="mt-6 w-full">
            {t('forgot.back')}
          </ButtonLink>
        </AuthCard>
      </>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.submit();
    if (!data || requestReset.isPending) return;
    setFailure(null);
    requestReset.mutate(data.email, {
      onSuccess: () => setSentTo(data.email),
      onError: (error) => setFailure(errorText(error, t('forgot.failed'))),
    });
  };

  return (
    <>
      <Seo title={t('forgot.title')} />
      <AuthCard title={t('forgot.title')} lead={t('forgot.lead')}>
        {failure ? (
          <FormAlert tone="error" className="mb-5">
            {failure}
          </FormAlert>
        ) : null}
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={requestReset.isPending}>
          <TextField
            {...form.field('email')}
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            dir="ltr"
            className="rtl:text-end"
            required
          />
          <Button type="submit" size="lg" disabled={requestReset.isPending} className="w-full">
            {requestReset.isPending ? t('forgot.submitting') : t('forgot.submit')}
          </Button>
          <ButtonLink to={paths.login()} variant="ghost" className="w-full">
            {t('forgot.back')}
          </ButtonLink>
        </form>
      </AuthCard>
    </>
  );
}

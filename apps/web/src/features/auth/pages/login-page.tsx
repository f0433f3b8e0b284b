import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, Navigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { signInRequestSchema } from '@khedma/shared/schemas/auth';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { Smartphone } from 'lucide-react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/form';
import { safeNextPath, signupPathWithNext } from '../../../lib/safe-next';
import { useSession } from '../../../lib/session';
import { useResendConfirmation, useSignIn } from '../api';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '../components/password-field';
import { useAuthErrorText } from '../components/use-auth-error';

type Alert = { tone: 'error' | 'success'; text: string; unconfirmedEmail?: string };

/**
 * /login (docs/accounts.md): email and password (login checks only 6+ characters before asking), the exact
 * messages of docs/accounts.md, a resend prompt for an unconfirmed email that hides after a resend, a link to
 * the forgot-password screen. Success: "Successfully logged in!" and back to ?next= or /dashboard.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { t: tShell } = useTranslation();
  const session = useSession();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const signIn = useSignIn();
  const resend = useResendConfirmation();
  const errorText = useAuthErrorText();
  const [alert, setAlert] = useState<Alert | null>(null);
  const form = useSchemaForm({ initial: { email: '', password: '' }, schema: signInRequestSchema, idPrefix: 'login' });

  // Signed in (already, or just now): on to where the visitor was going.
  if (session.status === 'signed-in') return <Navigate to={next} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.submit();
    if (!data || signIn.isPending) return;
    setAlert(null);
    signIn.mutate(
      { email: data.email, password: data.password },
      {
        onSuccess: (me) => {
          if (me) toast.success(t('login.success'));
          else setAlert({ tone: 'error', text: t('login.failed') });
        },
        onError: (error) => {
          if (isApiError(error, 'INVALID_CREDENTIALS')) setAlert({ tone: 'error', text: t('login.invalidCredentials') });
          else if (isApiError(error, 'EMAIL_NOT_CONFIRMED')) setAlert({ tone: 'error', text: t('login.unconfirmed'), unconfirmedEmail: data.email });
          else if (isApiError(error, 'VALIDATION_FAILED') && Object.keys(error.fields).length) form.setServerErrors(error.fields);
          else setAlert({ tone: 'error', text: errorText(error, t('login.failed')) });
        },
      },
    );
  };

  const onResend = (email: string) => {
    resend.mutate({ email, next }, {
      onSuccess: () => {
        toast.success(t('resend.success'));
        // docs/accounts.md: the prompt hides after a resend.
        setAlert({ tone: 'success', text: t('resend.success') });
      },
      onError: (error) => toast.error(errorText(error, t('resend.failed'))),
    });
  };

  return (
    <>
      <Seo title={tShell('pages.login.title')} />
      <AuthCard
        title={tShell('pages.login.title')}
        lead={tShell('pages.login.lead')}
        footer={
          <>
            {t('login.noAccount')}{' '}
            <Link to={signupPathWithNext(next)} className="font-semibold text-primary-700 underline">
              {t('login.createAccount')}
            </Link>
          </>
        }
      >
        {alert ? (
          <FormAlert tone={alert.tone} className="mb-5">
            <p>{alert.text}</p>
            {alert.unconfirmedEmail ? (
              <div className="mt-3">
                <p className="font-normal">{t('login.resendPrompt')}</p>
                <Button
                  variant="secondary"
                  className="mt-2 w-full sm:w-auto"
                  disabled={resend.isPending}
                  onClick={() => onResend(alert.unconfirmedEmail!)}
                >
                  {resend.isPending ? t('login.resending') : t('login.resend')}
                </Button>
              </div>
            ) : null}
          </FormAlert>
        ) : null}

        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={signIn.isPending}>
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
          <div className="flex flex-col gap-2">
            <PasswordField {...form.field('password')} label={t('fields.password')} autoComplete="current-password" required />
            <Link
              to={paths.forgotPassword()}
              state={{ email: form.values.email }}
              className="inline-flex min-h-11 items-center self-start text-sm font-semibold text-primary-700 underline">
              {t('login.forgot')}
            </Link>
          </div>
          <Button type="submit" size="lg" disabled={signIn.isPending} className="w-full">
            {signIn.isPending ? t('login.submitting') : t('login.submit')}
          </Button>
        </form>
        <ButtonLink to={paths.phoneSignIn({ next })} variant="secondary" size="lg" className="mt-3 w-full">
          <Smartphone aria-hidden className="size-5" />
          {t('login.usePhone')}
        </ButtonLink>
      </AuthCard>
    </>
  );
}

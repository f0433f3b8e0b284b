import { BriefcaseBusiness, House } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../../../lib/use-translation';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { VALIDATION_MESSAGES } from '@khedma/shared/domain/validation';
import { signUpRequestSchema } from '@khedma/shared/schemas/auth';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { Smartphone } from 'lucide-react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { CheckboxField, FieldError, FormAlert, TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/form';
import { loginPathWithNext, safeNextPath } from '../../../lib/safe-next';
import { useSession } from '../../../lib/session';
import { useSignUp } from '../api';
import { AuthCard } from '../components/auth-card';
import { CheckInbox } from '../components/check-inbox';
import { NewTabLink } from '../components/new-tab-link';
import { PasswordField } from '../components/password-field';
import { useAuthErrorText } from '../components/use-auth-error';

/** An empty password says it is required rather than listing every rule. */
const EMPTY_MESSAGES = { password: VALIDATION_MESSAGES.passwordRequired };

/** docs/accounts.md: after "already exists", the visitor is taken to /login after 3 seconds. */
const REDIRECT_AFTER_DUPLICATE_MS = 3000;

const initial = {
  userType: 'customer' as 'customer' | 'pro',
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  acceptAge: false,
  acceptTerms: false,
};

/**
 * /signup (docs/accounts.md): account type (a pro sees the review notice), full name, email, password
 * (the stronger rule, one message per failed rule), confirmation, the two legal checkboxes; checked
 * with the server's own schema. Then the check-your-inbox screen with resend. A visitor sent here on
 * the way somewhere (?next=, e.g. from Book This Service) gets there: the confirmation link lands on it.
 */
export function SignupPage() {
  const { t } = useTranslation('auth');
  const { t: tShell } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const signUp = useSignUp();
  const errorText = useAuthErrorText();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const redirectTimer = useRef<number | undefined>(undefined);
  const form = useSchemaForm({ initial, schema: signUpRequestSchema, idPrefix: 'signup', emptyMessages: EMPTY_MESSAGES });

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  if (session.status === 'signed-in') return <Navigate to={next} replace />;

  if (sentTo) {
    return (
      <>
        <Seo title={t('checkInbox.title')} />
        <CheckInbox email={sentTo} next={next} />
      </>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.submit();
    if (!data || signUp.isPending) return;
    setFailure(null);
    signUp.mutate(
      {
        name: data.name,
        email: data.email,
        password: data.password,
        confirmPassword: data.confirmPassword,
        userType: data.userType,
        acceptAge: true,
        acceptTerms: true,
        next,
      },
      {
        onSuccess: (result) => setSentTo(result.user.email),
        onError: (error) => {
          if (isApiError(error, 'EMAIL_EXISTS')) {
            toast.error(t('signup.emailExists'), { duration: REDIRECT_AFTER_DUPLICATE_MS + 2000 });
            redirectTimer.current = window.setTimeout(() => void navigate(loginPathWithNext(next)), REDIRECT_AFTER_DUPLICATE_MS);
          } else if (isApiError(error, 'VALIDATION_FAILED') && Object.keys(error.fields).length) {
            form.setServerErrors(error.fields);
          } else {
            const text = errorText(error, t('signup.failed'));
            setFailure(text);
            toast.error(text);
          }
        },
      },
    );
  };

  const userType = form.values.userType;
  const typeError = form.errorOf('userType');

  return (
    <>
      <Seo title={tShell('pages.signup.title')} />
      <AuthCard
        title={tShell('pages.signup.title')}
        lead={tShell('pages.signup.lead')}
        footer={
          <>
            {t('signup.haveAccount')}{' '}
            <Link to={loginPathWithNext(next)} className="font-semibold text-primary-700 underline">
              {t('signup.login')}
            </Link>
          </>
        }
      >
        {failure ? (
          <FormAlert tone="error" className="mb-5">
            {failure}
          </FormAlert>
        ) : null}

        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={signUp.isPending}>
          <fieldset aria-describedby={typeError ? 'signup-userType-error' : undefined}>
            <legend className="text-sm font-semibold text-ink">{t('signup.accountType')}</legend>
            <div className="mt-2 grid grid-cols-2 gap-3">
              {(['customer', 'pro'] as const).map((type) => {
                const Icon = type === 'customer' ? House : BriefcaseBusiness;
                return (
                  <label
                    key={type}
                    className={cn(
                      'flex min-h-11 cursor-pointer flex-col gap-1 rounded-xl border-2 p-3 transition-colors focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-primary-600',
                      userType === type ? 'border-primary-600 bg-primary-50' : 'border-sand-300 bg-white hover:border-sand-500',
                    )}
                  >
                    <span className="flex items-center gap-2">
                      <input
                        type="radio"
                        name="userType"
                        id={type === 'customer' ? 'signup-userType' : undefined}
                        value={type}
                        checked={userType === type}
                        onChange={() => form.setValue('userType', type)}
                        className="sr-only"
                      />
                      <Icon aria-hidden="true" className={cn('size-5 shrink-0', userType === type ? 'text-primary-700' : 'text-ink-muted')} />
                      <span className="font-semibold leading-snug">{t(type === 'customer' ? 'signup.customer' : 'signup.pro')}</span>
                    </span>
                    <span className="text-xs text-ink-muted">{t(type === 'customer' ? 'signup.customerHint' : 'signup.proHint')}</span>
                  </label>
                );
              })}
            </div>
            <FieldError id="signup-userType-error" message={typeError} />
          </fieldset>

          {userType === 'pro' ? <FormAlert tone="info">{t('signup.proNotice')}</FormAlert> : null}

          <TextField {...form.field('name')} label={t('fields.fullName')} autoComplete="name" placeholder={t('fields.namePlaceholder')} required />
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
          <PasswordField {...form.field('password')} label={t('fields.password')} hint={t('password.rules')} autoComplete="new-password" required />
          <PasswordField {...form.field('confirmPassword')} label={t('fields.confirmPassword')} autoComplete="new-password" required />

          <fieldset className="flex flex-col gap-3 rounded-xl bg-sand-100 p-4">
            <legend className="sr-only">{t('signup.legend')}</legend>
            <CheckboxField {...form.checkbox('acceptAge')} label={t('signup.acceptAge')} required />
            <CheckboxField
              {...form.checkbox('acceptTerms')}
              required
              label={
                <Trans
                  t={t}
                  i18nKey="signup.acceptTerms"
                  components={{ terms: <NewTabLink to={paths.terms()} />, privacy: <NewTabLink to={paths.privacy()} /> }}
                />
              }
            />
          </fieldset>

          <Button type="submit" size="lg" disabled={signUp.isPending} className="w-full">
            {signUp.isPending ? t('signup.submitting') : t('signup.submit')}
          </Button>
        </form>
        <ButtonLink to={paths.phoneSignIn({ mode: 'signup', next })} variant="secondary" size="lg" className="mt-3 w-full">
          <Smartphone aria-hidden className="size-5" />
          {t('signup.usePhone')}
        </ButtonLink>
      </AuthCard>
    </>
  );
}

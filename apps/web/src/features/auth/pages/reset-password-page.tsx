import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { VALIDATION_MESSAGES } from '@khedma/shared/domain/validation';
import { resetPasswordRequestSchema } from '@khedma/shared/schemas/auth';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/form';
import { useResetPassword } from '../api';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '../components/password-field';
import { useAuthErrorText } from '../components/use-auth-error';

/** An empty password says it is required rather than listing every rule. */
const EMPTY_MESSAGES = { newPassword: VALIDATION_MESSAGES.passwordRequired };

/**
 * /reset-password?token=... (the reset email's link, checked by the server first; a bad or expired
 * one arrives as ?error=INVALID_TOKEN). New password by the sign-up rule, confirmation, then login.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const linkError = params.has('error') || !token;
  const reset = useResetPassword();
  const errorText = useAuthErrorText();
  const [invalid, setInvalid] = useState(linkError);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({
    initial: { newPassword: '', confirmPassword: '' },
    schema: resetPasswordRequestSchema,
    idPrefix: 'reset',
    emptyMessages: EMPTY_MESSAGES,
    toInput: (values) => ({ ...values, token: token || 'missing' }),
  });

  if (invalid) {
    return (
      <>
        <Seo title={t('reset.title')} />
        <AuthCard title={t('reset.title')}>
          <FormAlert tone="error">{t('reset.invalidLink')}</FormAlert>
          <ButtonLink to={paths.forgotPassword()} size="lg" className="mt-6 w-full">
            {t('reset.requestNew')}
          </ButtonLink>
        </AuthCard>
      </>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.submit();
    if (!data || reset.isPending) return;
    setFailure(null);
    reset.mutate(
      { token, newPassword: data.newPassword, confirmPassword: data.confirmPassword ?? data.newPassword },
      {
        onSuccess: () => {
          toast.success(t('reset.success'));
          void navigate(paths.login(), { replace: true });
        },
        onError: (error) => {
          if (isApiError(error, 'INVALID_TOKEN')) setInvalid(true);
          else if (isApiError(error, 'VALIDATION_FAILED') && Object.keys(error.fields).length) form.setServerErrors(error.fields);
          else setFailure(errorText(error, t('reset.failed')));
        },
      },
    );
  };

  return (
    <>
      <Seo title={t('reset.title')} />
      <AuthCard title={t('reset.title')} lead={t('reset.lead')}>
        {failure ? (
          <FormAlert tone="error" className="mb-5">
            {failure}
          </FormAlert>
        ) : null}
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={reset.isPending}>
          <PasswordField {...form.field('newPassword')} label={t('fields.newPassword')} hint={t('password.rules')} autoComplete="new-password" required />
          <PasswordField {...form.field('confirmPassword')} label={t('fields.confirmNewPassword')} autoComplete="new-password" required />
          <Button type="submit" size="lg" disabled={reset.isPending} className="w-full">
            {reset.isPending ? t('reset.submitting') : t('reset.submit')}
          </Button>
        </form>
      </AuthCard>
    </>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate, useSearchParams } from 'react-router';
import { VALIDATION_MESSAGES } from '@khedma/shared/domain/validation';
import { confirmEmailRequestSchema } from '@khedma/shared/schemas/account-data';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/form';
import { useConfirmEmail } from '../api';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '../components/password-field';
import { useAuthErrorText } from '../components/use-auth-error';

const EMPTY_MESSAGES = { password: VALIDATION_MESSAGES.passwordRequired };

/**
 * /confirm-email?token=... (the confirmation email's link, issue 41): the owner of the address chooses
 * the account's password here. The one typed at sign-up stops working, so that a stranger who signed
 * up with someone else's address gets nothing when its owner confirms. Then signed in, on to where the
 * sign-up was heading (?verified=1 says "Thank you for confirming your email!").
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmail();
  const errorText = useAuthErrorText();
  const [invalid, setInvalid] = useState(!token);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({
    initial: { password: '', confirmPassword: '' },
    schema: confirmEmailRequestSchema,
    idPrefix: 'confirm',
    emptyMessages: EMPTY_MESSAGES,
    toInput: (values) => ({ ...values, token: token || 'missing' }),
  });

  if (invalid) {
    return (
      <>
        <Seo title={t('confirm.title')} />
        <AuthCard title={t('confirm.title')}>
          <FormAlert tone="error">{t('confirm.invalidLink')}</FormAlert>
          <ButtonLink to={paths.login()} size="lg" className="mt-6 w-full">
            {t('confirm.requestNew')}
          </ButtonLink>
        </AuthCard>
      </>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.submit();
    if (!data || confirm.isPending) return;
    setFailure(null);
    confirm.mutate(
      { token, password: data.password, confirmPassword: data.confirmPassword ?? data.password },
      {
        onSuccess: (answer) => void navigate(answer.next, { replace: true }),
        onError: (error) => {
          if (isApiError(error, 'INVALID_TOKEN')) setInvalid(true);
          else if (isApiError(error, 'VALIDATION_FAILED') && Object.keys(error.fields).length) form.setServerErrors(error.fields);
          else setFailure(errorText(error, t('confirm.failed')));
        },
      },
    );
  };

  return (
    <>
      <Seo title={t('confirm.title')} />
      <AuthCard title={t('confirm.title')} lead={t('confirm.lead')}>
        <p className="mb-5 text-sm text-ink-muted">{t('confirm.why')}</p>
        {failure ? (
          <FormAlert tone="error" className="mb-5">
            {failure}
          </FormAlert>
        ) : null}
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={confirm.isPending}>
          <PasswordField {...form.field('password')} label={t('fields.password')} hint={t('password.rules')} autoComplete="new-password" required />
          <PasswordField {...form.field('confirmPassword')} label={t('fields.confirmPassword')} autoComplete="new-password" required />
          <Button type="submit" size="lg" disabled={confirm.isPending} className="w-full">
            {confirm.isPending ? t('confirm.submitting') : t('confirm.submit')}
          </Button>
        </form>
      </AuthCard>
    </>
  );
}

import { MailCheck } from 'lucide-react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from '../../../lib/toast';
import { Button, ButtonLink } from '../../../components/ui/button';
import { loginPathWithNext } from '../../../lib/safe-next';
import { useResendConfirmation } from '../api';
import { AuthCard } from './auth-card';
import { useAuthErrorText } from './use-auth-error';

/**
 * After sign-up (docs/accounts.md): check your inbox, resend the confirmation email, go to login. `next`
 * (where the visitor was going) is kept by the resent link and by the way to login.
 */
export function CheckInbox({ email, next }: { email: string; next?: string }) {
  const { t } = useTranslation('auth');
  const resend = useResendConfirmation();
  const errorText = useAuthErrorText();

  const onResend = () =>
    resend.mutate({ email, next }, {
      onSuccess: () => toast.success(t('resend.success')),
      onError: (error) => toast.error(errorText(error, t('resend.failed'))),
    });

  return (
    <AuthCard title={t('checkInbox.title')} lead={t('checkInbox.lead')} focusHeading>
      <div className="flex flex-col items-center gap-4 text-center">
        <span className="grid size-16 place-items-center rounded-full bg-primary-50 text-primary-700">
          <MailCheck aria-hidden="true" className="size-8" />
        </span>
        <p className="text-pretty">
          <Trans
            t={t}
            i18nKey="checkInbox.sentTo"
            values={{ email }}
            components={{ email: <strong dir="ltr" className="break-all font-semibold" /> }}
          />
        </p>
        <p className="text-sm text-ink-muted">{t('checkInbox.notReceived')}</p>
      </div>
      <div className="mt-6 flex flex-col gap-3">
        <Button variant="secondary" size="lg" onClick={onResend} disabled={resend.isPending} className="w-full">
          {resend.isPending ? t('checkInbox.resending') : t('checkInbox.resend')}
        </Button>
        <ButtonLink to={loginPathWithNext(next)} size="lg" className="w-full">
          {t('checkInbox.toLogin')}
        </ButtonLink>
      </div>
    </AuthCard>
  );
}

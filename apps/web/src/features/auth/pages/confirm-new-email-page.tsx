import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';
import { ButtonLink } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useConfirmAddedEmail } from '../api';

/**
 * /confirm-new-email?token=... (the link sent to the email a phone account adds, issue 42): opening it
 * confirms the address, signed in or not; the account's email is then that address.
 */
export function ConfirmNewEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmAddedEmail();
  const session = useSession();
  // One request per link (a second one would find the link used).
  const asked = useRef(false);
  const { mutate } = confirm;
  useEffect(() => {
    if (asked.current || !token) return;
    asked.current = true;
    mutate(token);
  }, [token, mutate]);

  const signedIn = session.status === 'signed-in';
  let body;
  if (!token || (confirm.isError && isApiError(confirm.error, 'INVALID_TOKEN'))) {
    body = <FormAlert tone="error">{t('confirmNewEmail.invalid')}</FormAlert>;
  } else if (confirm.isError) {
    body = <FormAlert tone="error">{isApiError(confirm.error, 'EMAIL_EXISTS') ? t('signup.emailExists') : t('confirmNewEmail.failed')}</FormAlert>;
  } else if (confirm.isSuccess) {
    body = (
      <FormAlert tone="success">
        {t('confirmNewEmail.done')}{' '}
        <span dir="ltr" className="break-all font-semibold">
          {confirm.data.email}
        </span>
      </FormAlert>
    );
  } else {
    body = <p aria-live="polite">{t('confirmNewEmail.working')}</p>;
  }

  return (
    <>
      <Seo title={t('confirmNewEmail.title')} />
      <PageIntro title={t('confirmNewEmail.title')} />
      <div className="container-page flex max-w-xl flex-col gap-6 py-6 md:py-10">
        {body}
        {confirm.isPending && token ? null : (
          <ButtonLink to={signedIn ? paths.profile() : paths.login()} className="self-start">
            {signedIn ? t('confirmNewEmail.toProfile') : t('confirmNewEmail.toLogin')}
          </ButtonLink>
        )}
      </div>
    </>
  );
}

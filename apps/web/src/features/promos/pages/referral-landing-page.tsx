import { Gift } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { REFERRAL_CREDIT_MAD } from '@khedma/shared/domain/promos';
import { Seo } from '../../../components/seo';
import { buttonClass } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useTranslation } from '../../../lib/use-translation';
import { claimReferral, PENDING_REFERRAL_KEY } from '../api';

/**
 * /r/{code}: a friend's referral link (docs/promos.md). Signed out, the code is kept in this browser and
 * claimed once the visitor has signed up (realtime.ts); signed in, it is claimed now.
 */
export function ReferralLandingPage() {
  const { t } = useTranslation('promos');
  const { code = '' } = useParams();
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const [outcome, setOutcome] = useState<{ ok: true } | { ok: false; message: string } | null>(null);
  const sent = useRef(false);
  const amount = formatMoney(REFERRAL_CREDIT_MAD);

  useEffect(() => {
    if (session.status === 'loading' || sent.current) return;
    sent.current = true;
    if (!signedIn) {
      try {
        window.localStorage.setItem(PENDING_REFERRAL_KEY, code);
      } catch {
        // Private browsing: the link works when followed again once signed in.
      }
      return;
    }
    claimReferral(code).then(
      () => setOutcome({ ok: true }),
      (error: unknown) => setOutcome({ ok: false, message: isApiError(error) && error.status === 409 ? error.message : t('referral.claimFailed') }),
    );
  }, [session.status, signedIn, code, t]);

  return (
    <div className="container-page max-w-xl py-10">
      <Seo title={t('referral.landingTitle')} noindex />
      <div className="rounded-card border border-sand-200 bg-white p-6 text-center">
        <Gift aria-hidden="true" className="mx-auto size-10 text-accent-600" />
        <h1 className="mt-3 text-2xl font-bold text-ink">{t('referral.landingTitle')}</h1>
        <p className="mt-2 text-ink-muted">{t('referral.landingLead', { amount })}</p>
        {outcome ? (
          <FormAlert tone={outcome.ok ? 'success' : 'error'} className="mt-4 text-start">
            {outcome.ok ? t('referral.claimed') : outcome.message}
          </FormAlert>
        ) : null}
        <div className="mt-6">
          {signedIn ? (
            <Link to={paths.bookService()} className={buttonClass({ variant: 'accent', size: 'lg' })}>
              {t('referral.book')}
            </Link>
          ) : (
            <Link to={paths.signup()} className={buttonClass({ variant: 'accent', size: 'lg' })}>
              {t('referral.signUp')}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { normalizeMoroccanPhone } from '@khedma/shared/domain/validation';
import type { PhoneCodeChannel } from '@khedma/shared/domain/phone-accounts';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { Button } from '../../../components/ui/button';
import { ChipGroup } from '../../../components/ui/chips';
import { CheckboxField, FormAlert, TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api';
import { safeNextPath } from '../../../lib/safe-next';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { usePhoneSignIn, useSendPhoneCode } from '../api';

type Mode = 'signin' | 'signup';
const CODE_ID = 'phone-code';
type Errors = Partial<Record<'phone' | 'code' | 'name' | 'acceptAge' | 'acceptTerms', string>>;

/** Seconds left before a new code may be asked, counting down once a second. */
function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return [left, setLeft] as const;
}

/**
 * /login/phone (docs/accounts.md#phone-sign-in): "Use my phone". A Moroccan mobile (06 ... or +212 6 ...),
 * the code by SMS or WhatsApp, then the 6-digit code with a resend countdown. ?mode=signup asks the name
 * and the two consents too; a number that already has an account signs into it. Admins sign in by email.
 */
export function PhoneSignInPage() {
  const { t } = useTranslation('phone');
  const session = useSession();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'signup' ? 'signup' : 'signin');
  const [step, setStep] = useState<'number' | 'code'>('number');
  const [phone, setPhone] = useState('');
  const [channel, setChannel] = useState<PhoneCodeChannel>('sms');
  const [name, setName] = useState('');
  const [acceptAge, setAcceptAge] = useState(false);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<{ tone: 'error' | 'success' | 'info'; text: string; offerSignUp?: boolean } | null>(null);
  const [left, setLeft] = useCountdown();
  const send = useSendPhoneCode();
  const signIn = usePhoneSignIn();
  // The code step replaces the number step in place: focus moves to the code field.
  useEffect(() => {
    if (step === 'code') document.getElementById(CODE_ID)?.focus();
  }, [step]);

  if (session.status === 'signed-in') return <Navigate to={next} replace />;

  const e164 = normalizeMoroccanPhone(phone);

  const failText = (error: unknown) => {
    if (isApiError(error) && error.isNetwork) return t('errors.network');
    if (isApiError(error) && error.isRateLimited) return t('errors.rateLimited', { seconds: error.retryAfterSeconds ?? 60 });
    if (isApiError(error, 'INVALID_CODE')) return t('errors.invalidCode');
    if (isApiError(error, 'PHONE_SIGN_IN_NOT_ALLOWED')) return t('errors.admin');
    return t('errors.failed');
  };

  const checkDetails = (): boolean => {
    const found: Errors = {};
    if (!e164) found.phone = t('errors.phone');
    if (mode === 'signup') {
      if (name.trim().length < 2) found.name = t('errors.name');
      if (!acceptAge) found.acceptAge = t('errors.acceptAge');
      if (!acceptTerms) found.acceptTerms = t('errors.acceptTerms');
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const sendCode = () => {
    if (!e164 || send.isPending) return;
    setAlert(null);
    send.mutate(
      { phoneNumber: e164, channel },
      {
        onSuccess: (answer) => {
          setStep('code');
          setLeft(answer.resendAfterSeconds);
          setAlert({ tone: 'success', text: channel === 'whatsapp' ? t('sent.whatsapp') : t('sent.sms') });
        },
        onError: (error) => {
          if (isApiError(error, 'VALIDATION_FAILED')) setErrors({ phone: t('errors.phone') });
          else setAlert({ tone: 'error', text: failText(error) });
          if (isApiError(error) && error.isRateLimited && error.retryAfterSeconds) setLeft(error.retryAfterSeconds);
        },
      },
    );
  };

  const onSubmitNumber = (event: FormEvent) => {
    event.preventDefault();
    if (checkDetails()) sendCode();
  };

  const onSubmitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setErrors({ code: t('errors.codeFormat') });
      return;
    }
    if (!e164 || signIn.isPending) return;
    if (mode === 'signup' && !checkDetails()) return;
    setErrors({});
    setAlert(null);
    signIn.mutate(
      {
        phoneNumber: e164,
        code: code.trim(),
        signUp: mode === 'signup' ? { name: name.trim(), userType: 'customer', acceptAge: true, acceptTerms: true, channel } : undefined,
      },
      {
        onSuccess: (answer) => toast.success(answer.created ? t('done.created') : t('done.signedIn')),
        onError: (error) => {
          if (isApiError(error, 'PHONE_NOT_REGISTERED')) setAlert({ tone: 'info', text: t('errors.notRegistered'), offerSignUp: true });
          else if (isApiError(error, 'INVALID_CODE')) setErrors({ code: t('errors.invalidCode') });
          else setAlert({ tone: 'error', text: failText(error) });
        },
      },
    );
  };

  const title = mode === 'signup' ? t('signupTitle') : t('title');
  const consents = (
    <>
      <CheckboxField checked={acceptAge} onChange={(e) => setAcceptAge(e.target.checked)} label={t('fields.acceptAge')} error={errors.acceptAge} required />
      <CheckboxField
        checked={acceptTerms}
        onChange={(e) => setAcceptTerms(e.target.checked)}
        label={
          <>
            {t('fields.acceptTermsBefore')}{' '}
            <Link to={paths.terms()} target="_blank" className="font-semibold text-primary-700 underline">
              {t('fields.terms')}
            </Link>{' '}
            {t('fields.and')}{' '}
            <Link to={paths.privacy()} target="_blank" className="font-semibold text-primary-700 underline">
              {t('fields.privacy')}
            </Link>
          </>
        }
        error={errors.acceptTerms}
        required
      />
    </>
  );

  return (
    <>
      <Seo title={title} />
      <div className="container-page py-6 sm:py-12">
        <section className="mx-auto w-full max-w-md sm:rounded-card sm:border sm:border-sand-200 sm:bg-white sm:p-8 sm:shadow-sm">
          <h1 className="text-2xl font-bold tracking-tight text-ink text-balance sm:text-3xl">{title}</h1>
          <p className="mt-2 text-muted">{t('lead')}</p>

          {alert ? (
            <FormAlert tone={alert.tone} className="mt-5">
              <p>{alert.text}</p>
              {alert.offerSignUp ? (
                <Button
                  variant="secondary"
                  className="mt-3 w-full sm:w-auto"
                  onClick={() => {
                    setMode('signup');
                    setAlert(null);
                  }}
                >
                  {t('createWithNumber')}
                </Button>
              ) : null}
            </FormAlert>
          ) : null}

          {step === 'number' ? (
            <form noValidate onSubmit={onSubmitNumber} className="mt-6 flex flex-col gap-5" aria-busy={send.isPending}>
              {mode === 'signup' ? (
                <TextField label={t('fields.name')} value={name} onChange={(e) => setName(e.target.value)} error={errors.name} autoComplete="name" required />
              ) : null}
              <TextField
                label={t('fields.phone')}
                hint={t('fields.phoneHint')}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
                error={errors.phone}
                className="rtl:text-end"
                required
              />
              <div className="flex flex-col gap-2">
                <p className="text-sm font-medium text-ink">
                  {t('fields.channel')}
                </p>
                <ChipGroup
                  label={t('fields.channel')}
                  value={channel}
                  onChange={setChannel}
                  options={[
                    { value: 'sms', label: t('channels.sms') },
                    { value: 'whatsapp', label: t('channels.whatsapp') },
                  ]}
                />
                {mode === 'signup' && channel === 'whatsapp' ? <p className="text-sm text-muted">{t('whatsappOptIn')}</p> : null}
              </div>
              {mode === 'signup' ? consents : null}
              <Button type="submit" size="lg" disabled={send.isPending} className="w-full">
                {send.isPending ? t('sending') : t('sendCode')}
              </Button>
            </form>
          ) : (
            <form noValidate onSubmit={onSubmitCode} className="mt-6 flex flex-col gap-5" aria-busy={signIn.isPending}>
              <p className="text-sm text-muted">
                {t('codeSentTo')}{' '}
                <bdi dir="ltr" className="font-semibold text-ink">
                  {e164}
                </bdi>{' '}
                <button type="button" className="inline-flex min-h-11 items-center font-semibold text-primary-700 underline" onClick={() => setStep('number')}>
                  {t('changeNumber')}
                </button>
              </p>
              {mode === 'signup' ? (
                <TextField label={t('fields.name')} value={name} onChange={(e) => setName(e.target.value)} error={errors.name} autoComplete="name" required />
              ) : null}
              <TextField
                id={CODE_ID}
                label={t('fields.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                dir="ltr"
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                error={errors.code}
                className="rtl:text-end tracking-widest"
                required
              />
              {mode === 'signup' ? consents : null}
              <Button type="submit" size="lg" disabled={signIn.isPending} className="w-full">
                {signIn.isPending ? t('verifying') : mode === 'signup' ? t('createAccount') : t('signIn')}
              </Button>
              <Button variant="secondary" disabled={left > 0 || send.isPending} onClick={sendCode} className="w-full" aria-live="polite">
                {left > 0 ? t('resendIn', { seconds: left }) : t('resend')}
              </Button>
            </form>
          )}

          <p className="mt-6 text-sm text-muted">
            {mode === 'signup' ? (
              <Link to={paths.signup()} className="font-semibold text-primary-700 underline">
                {t('useEmailSignup')}
              </Link>
            ) : (
              <Link to={paths.login({ next })} className="font-semibold text-primary-700 underline">
                {t('useEmail')}
              </Link>
            )}
          </p>
        </section>
      </div>
    </>
  );
}

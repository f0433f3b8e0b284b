import { useEffect, useState } from 'react';
import { PHONE_COUNTRY_CODE } from '@khedma/shared/domain/constants';
import { PHONE_CODE_RULES } from '@khedma/shared/domain/applications';
import { normalizeMoroccanPhone } from '@khedma/shared/domain/validation';
import { Button } from '../../../components/ui/button';
import { describedBy, FieldShell, FormAlert, TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useSendCode, useVerifyCode } from '../api';
import { StepActions, StepHeading } from './wizard-parts';

/** The key of the message for a failed send or verify (docs/professionals.md Phone, plus the code's life cycle). */
function phoneErrorKey(error: unknown, action: 'send' | 'verify') {
  if (isApiError(error, 'RATE_LIMITED')) return /minute/i.test(error.message) ? 'phone.tooSoon' : 'phone.tooMany';
  if (isApiError(error, 'PHONE_EXISTS')) return 'phone.phoneTaken';
  if (isApiError(error, 'INVALID_CODE')) return /too many/i.test(error.message) ? 'phone.codeVoided' : 'phone.invalidCode';
  if (isApiError(error, 'VALIDATION_FAILED')) return action === 'send' ? 'phone.invalidPhone' : 'phone.invalidCodeFormat';
  return action === 'send' ? 'phone.sendFailed' : 'phone.verificationFailed';
}

/** Step 1: +212 fixed, 9 digits typed (spaces ignored), a 6-digit code by SMS; the number may be changed. */
export function PhoneStep({ verified, onDone }: { verified: { number: string } | null; onDone: () => void }) {
  const { t } = useTranslation('onboarding');
  const [digits, setDigits] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [changing, setChanging] = useState(!verified);
  const send = useSendCode();
  const check = useVerifyCode();

  useEffect(() => {
    if (waitUntil <= now) return;
    const id = window.setTimeout(() => setNow(Date.now()), 1000);
    return () => window.clearTimeout(id);
  }, [waitUntil, now]);
  const secondsLeft = Math.max(0, Math.ceil((waitUntil - now) / 1000));

  const phone = normalizeMoroccanPhone(digits);
  const sendCode = (target: string) => {
    setError(null);
    send.mutate(target, {
      onSuccess: () => {
        setSentTo(target);
        setCode('');
        setWaitUntil(Date.now() + PHONE_CODE_RULES.resendAfterSeconds * 1000);
        setNow(Date.now());
        toast.success(t('phone.codeSent'));
      },
      onError: (err) => {
        const key = phoneErrorKey(err, 'send');
        if (isApiError(err) && err.retryAfterSeconds && key === 'phone.tooSoon') {
          setWaitUntil(Date.now() + err.retryAfterSeconds * 1000);
          setNow(Date.now());
        }
        setError(t(key));
        toast.error(t('phone.sendFailed'));
      },
    });
  };

  if (verified && !changing) {
    return (
      <div>
        <StepHeading step="phone" />
        <FormAlert tone="success">{t('phone.verifiedAs', { phone: verified.number })}</FormAlert>
        <StepActions>
          <Button variant="secondary" onClick={() => setChanging(true)}>
            {t('phone.change')}
          </Button>
          <Button onClick={onDone}>{t('wizard.next')}</Button>
        </StepActions>
      </div>
    );
  }

  return (
    <div>
      <StepHeading step="phone" />
      {!sentTo ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!phone) return setError(t('phone.invalidPhone'));
            sendCode(phone);
          }}
        >
          <FieldShell id="onboarding-phone" label={t('phone.label')} hint={t('phone.hint')} error={error} required>
            <div dir="ltr" className="flex min-h-12 items-stretch overflow-hidden rounded-xl border border-sand-500 bg-white focus-within:border-primary-600">
              <span className="flex items-center border-e border-sand-300 bg-sand-100 px-3 font-semibold text-ink-muted">{PHONE_COUNTRY_CODE}</span>
              <input
                id="onboarding-phone"
                name="phone"
                inputMode="tel"
                autoComplete="tel-national"
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy('onboarding-phone', true, error)}
                aria-required
                className="min-w-0 flex-1 px-3 text-base text-ink outline-none"
                placeholder="6 12 34 56 78"
                value={digits}
                onChange={(e) => setDigits(e.target.value.replace(/[^\d\s]/g, '').slice(0, 13))}
              />
            </div>
          </FieldShell>
          <StepActions>
            <Button type="submit" disabled={send.isPending || secondsLeft > 0}>
              {send.isPending ? t('phone.sending') : secondsLeft > 0 ? t('phone.resendIn', { seconds: secondsLeft }) : t('phone.send')}
            </Button>
          </StepActions>
        </form>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!/^\d{6}$/.test(code)) return setError(t('phone.invalidCodeFormat'));
            setError(null);
            check.mutate(
              { phoneNumber: sentTo, code },
              {
                onSuccess: () => {
                  toast.success(t('phone.verified'));
                  setChanging(false);
                  onDone();
                },
                onError: (err) => {
                  setError(t(phoneErrorKey(err, 'verify')));
                  toast.error(t('phone.verificationFailed'));
                },
              },
            );
          }}
        >
          <p className="mb-4 text-sm text-ink-muted" dir="auto">
            {t('phone.codeSent')} <span dir="ltr">{sentTo}</span>
          </p>
          <TextField
            label={t('phone.codeLabel')}
            hint={t('phone.codeHint')}
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            error={error}
          />
          <div className="mt-4 flex flex-wrap gap-3">
            <Button variant="ghost" disabled={send.isPending || secondsLeft > 0} onClick={() => sendCode(sentTo)}>
              {secondsLeft > 0 ? t('phone.resendIn', { seconds: secondsLeft }) : t('phone.resend')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setSentTo(null);
                setCode('');
                setError(null);
              }}
            >
              {t('phone.change')}
            </Button>
          </div>
          <StepActions>
            <Button type="submit" disabled={code.length !== 6 || check.isPending}>
              {check.isPending ? t('phone.verifying') : t('phone.verify')}
            </Button>
          </StepActions>
        </form>
      )}
    </div>
  );
}

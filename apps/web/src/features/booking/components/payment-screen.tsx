import { CreditCard, Landmark, Loader2, Lock, Smartphone, type LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { PAYMENT_METHODS, type PaymentMethod } from '@khedma/shared';
import { postToProvider } from '../../../lib/post-to-provider';
import { currentLanguage } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { isApiError } from '../../../lib/api';
import { usePayBooking } from '../../../entities/booking/api';
import { formatMoney } from '../../../lib/format';
import { ActionBar } from './action-bar';

const METHOD_ICONS: Record<PaymentMethod, LucideIcon> = { card: CreditCard, bank: Landmark, mobile: Smartphone };

export interface PaymentScreenProps {
  /** What will be charged (the booking's total, computed by the server). */
  amount: number | null;
  /**
   * The booking to pay: the one just created, or a new one when the previous attempt failed (a
   * failed payment cancels its booking on the server, so a retry books again).
   */
  prepare: () => Promise<string>;
  onPaid: (bookingId: string) => void;
  /** The payment failed: the booking it was for is cancelled. */
  onFailed: () => void;
  onBack: () => void;
}

/**
 * The payment screen (docs/payments.md): card, bank digital payment or mobile payment. Pay sends the
 * browser to the provider's secure page (outside production the CMI simulator, whose page says it is a
 * TEST gateway); the
 * outcome is shown when the browser comes back (PaymentReturn). A booking paid already (a retry whose
 * first answer was lost) goes straight on.
 */
export function PaymentScreen({ amount, prepare, onPaid, onFailed, onBack }: PaymentScreenProps) {
  const { t } = useTranslation('booking');
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [preparing, setPreparing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const pay = usePayBooking();
  const processing = preparing || pay.isPending || redirecting;
  const headingId = useId();

  async function submit() {
    setError(null);
    setPreparing(true);
    let bookingId: string;
    try {
      bookingId = await prepare();
    } catch {
      // prepare() reports its own errors (e.g. the slot was taken meanwhile).
      setPreparing(false);
      return;
    }
    setPreparing(false);
    pay.mutate(
      { id: bookingId, method, lang: currentLanguage() },
      {
        onSuccess: (res) => {
          if (!res.redirect) {
            onPaid(bookingId);
            return;
          }
          setRedirecting(true);
          postToProvider(res.redirect);
        },
        onError: (err) => {
          if (isApiError(err, 'ALREADY_PAID')) {
            onPaid(bookingId);
            return;
          }
          if (isApiError(err, 'PAYMENT_FAILED') || isApiError(err, 'INVALID_TRANSITION')) onFailed();
          setError(isApiError(err, 'PAYMENT_FAILED') ? t(`payment.failed.${method}`) : t('payment.error'));
        },
      },
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <div>
        <h2 id={headingId} className="text-xl font-bold text-ink">
          {t('payment.title')}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{t('payment.lead')}</p>
      </div>
      <fieldset disabled={processing} className="space-y-3">
        <legend className="sr-only">{t('payment.method')}</legend>
        {PAYMENT_METHODS.map((m) => {
          const Icon = METHOD_ICONS[m];
          const checked = method === m;
          return (
            <label
              key={m}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-card border bg-white p-4 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary-600',
                checked ? 'border-primary-600 ring-1 ring-primary-600' : 'border-sand-300 hover:border-sand-500',
              )}
            >
              <input
                type="radio"
                name="payment-method"
                value={m}
                checked={checked}
                onChange={() => {
                  setMethod(m);
                  setError(null);
                }}
                className="mt-1 size-5 accent-primary-600"
              />
              <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary-700" />
              <span className="min-w-0">
                <span className="block font-semibold text-ink">{t(`payment.methods.${m}.name`)}</span>
                <span className="block text-sm text-ink-muted">{t(`payment.methods.${m}.description`)}</span>
              </span>
            </label>
          );
        })}
      </fieldset>
      <p className="flex items-center gap-2 text-sm text-ink-muted">
        <Lock aria-hidden="true" className="size-4 shrink-0" />
        {t('payment.escrow')}
      </p>
      <div aria-live="assertive" role="alert" className={error ? 'rounded-xl border border-cancelled/30 bg-cancelled-soft p-3 text-sm font-medium text-cancelled' : 'sr-only'}>
        {error}
      </div>
      <p aria-live="polite" className="sr-only">
        {redirecting ? t('payment.redirecting') : processing ? t('payment.processing') : ''}
      </p>
      <ActionBar>
        <Button variant="secondary" size="lg" onClick={onBack} disabled={processing}>
          {t('actions.back')}
        </Button>
        <Button variant="accent" size="lg" onClick={() => void submit()} disabled={processing || amount === null}>
          {processing ? <Loader2 aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" /> : null}
          {redirecting ? t('payment.redirecting') : processing ? t('payment.processing') : t('payment.pay', { amount: amount === null ? '' : formatMoney(amount) })}
        </Button>
      </ActionBar>
    </section>
  );
}

import { Loader2, Tag } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { PROMO_REFUSALS, type PromoRefusal } from '@khedma/shared/domain/promos';
import type { DiscountQuoteRequest } from '@khedma/shared/schemas/promos';
import { Button } from '../../../components/ui/button';
import { errorId, FieldError } from '../../../components/ui/field';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { useDiscountQuote } from '../api';

type Choice = Pick<DiscountQuoteRequest, 'wizard' | 'hourly'>;

/**
 * The promo code box of a booking and its effect: the discount lines (code, referral credit) and the new
 * total, from the server. `onApplied` gives the code the booking request must carry (undefined: none).
 * The message of a refused code sits under the field.
 */
export function PromoCodeField({ choice, applied, onApplied, disabled }: { choice: Choice | null; applied: string | undefined; onApplied: (code: string | undefined) => void; disabled?: boolean }) {
  const { t } = useTranslation('promos');
  const id = useId();
  const [draft, setDraft] = useState(applied ?? '');
  const request = useMemo<DiscountQuoteRequest | null>(() => (choice ? { ...choice, ...(applied ? { promoCode: applied } : {}) } : null), [choice, applied]);
  const quote = useDiscountQuote(request);
  const data = quote.data;
  const refusal = applied && data?.promoError ? (PROMO_REFUSALS.includes(data.promoError.code) ? (data.promoError.code as PromoRefusal) : 'unknown') : null;
  const error = refusal ? t(`refusal.${refusal}`) : null;

  function apply() {
    const code = draft.trim();
    onApplied(code ? code : undefined);
  }

  return (
    <div className="mt-4 space-y-3 border-t border-sand-200 pt-4">
      {/* No <form>: the field may sit inside the booking page's own form; Enter applies the code. */}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          {t('field.label')}
        </label>
        <div className="flex gap-2">
          <input
            id={id}
            name="promoCode"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                apply();
              }
            }}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={32}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId(id) : undefined}
            className={`min-h-11 w-full min-w-0 rounded-xl border bg-white px-3 text-base text-ink uppercase ${error ? 'border-cancelled' : 'border-sand-500'}`}
          />
          <Button type="button" variant="secondary" onClick={apply} disabled={disabled || quote.isFetching}>
            {quote.isFetching && applied ? <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" /> : null}
            {t('field.apply')}
          </Button>
        </div>
        <FieldError id={errorId(id)} message={error} />
      </div>
      {data && data.discounts.length > 0 ? (
        <dl aria-live="polite" data-testid="promo-discounts">
          {data.discounts.map((d) => (
            <div key={d.source} className="flex items-baseline justify-between gap-4 py-1 text-sm">
              <dt className="flex items-center gap-1.5 text-completed">
                <Tag aria-hidden="true" className="size-4" />
                {d.source === 'promo' ? t('line.promo', { code: d.code }) : t('line.credit')}
              </dt>
              <dd className="font-medium whitespace-nowrap text-completed tabular-nums">−{formatMoney(d.amount)}</dd>
            </div>
          ))}
          <div className="mt-1 flex items-baseline justify-between gap-4 border-t border-sand-200 pt-2">
            <dt className="font-bold text-ink">{t('line.toPay')}</dt>
            <dd className="text-lg font-bold whitespace-nowrap text-ink tabular-nums" data-testid="promo-payable">
              {formatMoney(data.payable)}
            </dd>
          </div>
        </dl>
      ) : null}
    </div>
  );
}

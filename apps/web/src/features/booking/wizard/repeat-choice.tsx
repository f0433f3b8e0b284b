import { useId } from 'react';
import { RECURRING_DISCOUNT_RATE, RECURRING_MAX_COUNT, recurringQuote, type RecurringInterval } from '@khedma/shared/domain/recurring';
import type { RepeatChoice as RepeatChoiceRequest } from '@khedma/shared/schemas/recurring';
import type { QuoteResponse } from '@khedma/shared';
import { ChoiceGroup } from '../../../components/ui/choice-group';
import { TextField } from '../../../components/ui/field';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';

export type RepeatInterval = 'none' | '1' | '2' | '4';
export type RepeatEnd = 'never' | 'count' | 'date';
export interface RepeatValue {
  interval: RepeatInterval;
  end: RepeatEnd;
  count: string;
  date: string;
}
export const NO_REPEAT: RepeatValue = { interval: 'none', end: 'never', count: '4', date: '' };

/** The field errors of a choice (the recurring catalogue's words); none when it does not repeat. */
export function repeatErrors(v: RepeatValue): { count?: true; date?: true } {
  if (v.interval === 'none') return {};
  const n = Number(v.count);
  return {
    ...(v.end === 'count' && !(Number.isInteger(n) && n >= 1 && n <= RECURRING_MAX_COUNT) ? { count: true as const } : {}),
    ...(v.end === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(v.date) ? { date: true as const } : {}),
  };
}

/** The "Repeat" sent with the booking (the server checks it all again and makes the series once it is paid). */
export function repeatRequestOf(v: RepeatValue): RepeatChoiceRequest | null {
  if (v.interval === 'none') return null;
  const end: RepeatChoiceRequest['end'] = v.end === 'count' ? { kind: 'count', count: Number(v.count) } : v.end === 'date' ? { kind: 'date', date: v.date } : { kind: 'never' };
  return { intervalWeeks: Number(v.interval) as RecurringInterval, end };
}

/**
 * The confirm step's optional "Repeat" (docs/recurring.md "From the wizard"): the same professional at the
 * same time weekly, every 2 or 4 weeks, with the recurring discount of the following visits shown. The
 * series is created once this first booking is paid.
 */
export function RepeatChoice({ value, onChange, quote, showErrors, disabled }: { value: RepeatValue; onChange: (v: RepeatValue) => void; quote: QuoteResponse | undefined; showErrors: boolean; disabled?: boolean }) {
  const { t } = useTranslation('booking');
  const { t: tr } = useTranslation('recurring');
  const headingId = useId();
  const errors = showErrors ? repeatErrors(value) : {};
  const addOns = (quote?.lines ?? []).filter((l) => l.kind === 'addon').map((l, i) => ({ id: String(i), name: l.label, price: l.amount }));
  const visit = quote && value.interval !== 'none' ? recurringQuote({ servicePrice: quote.servicePrice, addOns }) : null;
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-card border border-sand-200 bg-white p-4 md:p-6">
      <div>
        <h3 id={headingId} className="text-lg font-bold text-ink">
          {t('wizard.repeat.title')}
        </h3>
        <p className="mt-1 text-sm text-ink-muted">{t('wizard.repeat.lead', { rate: Math.round(RECURRING_DISCOUNT_RATE * 100) })}</p>
      </div>
      <ChoiceGroup
        columns={2}
        legend={tr('new.often')}
        name="repeat-interval"
        value={value.interval}
        disabled={disabled}
        onChange={(interval) => onChange({ ...value, interval })}
        options={[
          { value: 'none' as const, label: t('wizard.repeat.once') },
          ...(['1', '2', '4'] as const).map((v) => ({ value: v, label: tr(`every.${v}`) })),
        ]}
      />
      {value.interval !== 'none' ? (
        <>
          <ChoiceGroup
            columns={2}
            legend={tr('new.end')}
            name="repeat-end"
            value={value.end}
            disabled={disabled}
            onChange={(end) => onChange({ ...value, end })}
            options={[
              { value: 'never' as const, label: tr('new.endNever') },
              { value: 'count' as const, label: tr('new.endCount') },
              { value: 'date' as const, label: tr('new.endDate') },
            ]}
          />
          {value.end === 'count' ? (
            <TextField
              label={tr('new.count')}
              type="number"
              inputMode="numeric"
              min={1}
              max={RECURRING_MAX_COUNT}
              value={value.count}
              disabled={disabled}
              error={errors.count ? tr('new.errors.count') : null}
              onChange={(e) => onChange({ ...value, count: e.target.value })}
            />
          ) : null}
          {value.end === 'date' ? (
            <TextField label={tr('new.date')} type="date" value={value.date} disabled={disabled} error={errors.date ? tr('new.errors.date') : null} onChange={(e) => onChange({ ...value, date: e.target.value })} />
          ) : null}
          {visit ? (
            <p data-testid="repeat-discount" className="rounded-xl bg-confirmed-soft p-3 text-sm text-ink">
              {t('wizard.repeat.discount', { total: formatMoney(visit.total), discount: formatMoney(visit.discount) })}
            </p>
          ) : null}
          <p className="text-sm text-ink-muted">{t('wizard.repeat.after')}</p>
        </>
      ) : null}
    </section>
  );
}

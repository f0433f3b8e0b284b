import { useState } from 'react';
import { earningsEstimate, EARNINGS_CALCULATOR, PRO_COMMISSION_RATE } from '@khedma/shared/domain/pricing';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';

const { hoursPerWeek: HOURS, hourlyRate: RATE } = EARNINGS_CALCULATOR;

/** docs/reviews-and-earnings.md's calculator: 5-60 h step 5, 80-400 MAD step 10, 4.3 weeks a month, yearly x 12, the commission from the constants. */
export function EarningsCalculator() {
  const { t } = useTranslation('onboarding');
  const [hours, setHours] = useState<number>(HOURS.default);
  const [rate, setRate] = useState<number>(RATE.default);
  const e = earningsEstimate({ hoursPerWeek: hours, hourlyRate: rate });
  const percent = Math.round(PRO_COMMISSION_RATE * 100);
  return (
    <section aria-labelledby="calculator-title" className="rounded-2xl border border-sand-200 bg-white p-5 shadow-sm md:p-8">
      <h2 id="calculator-title" className="text-2xl font-bold text-ink">
        {t('register.calculatorTitle')}
      </h2>
      <p className="mt-1 text-ink-muted">{t('register.calculatorLead')}</p>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <div>
          <label htmlFor="calc-hours" className="flex justify-between text-sm font-semibold text-ink">
            {t('register.hoursPerWeek')}
            <output htmlFor="calc-hours">{t('register.hoursValue', { count: hours })}</output>
          </label>
          <input id="calc-hours" type="range" min={HOURS.min} max={HOURS.max} step={HOURS.step} value={hours} onChange={(ev) => setHours(Number(ev.target.value))} className="mt-2 min-h-11 w-full accent-primary-600" />
        </div>
        <div>
          <label htmlFor="calc-rate" className="flex justify-between text-sm font-semibold text-ink">
            {t('register.hourlyRate')}
            <output htmlFor="calc-rate">{t('register.rateValue', { amount: formatMoney(rate) })}</output>
          </label>
          <input id="calc-rate" type="range" min={RATE.min} max={RATE.max} step={RATE.step} value={rate} onChange={(ev) => setRate(Number(ev.target.value))} className="mt-2 min-h-11 w-full accent-primary-600" />
        </div>
      </div>
      <dl className="mt-6 grid gap-3 sm:grid-cols-2" aria-live="polite">
        <div className="rounded-xl bg-sand-50 p-4">
          <dt className="text-sm text-ink-muted">{t('register.gross')}</dt>
          <dd className="text-xl font-bold text-ink" data-calc="gross">{formatMoney(e.monthlyGross)}</dd>
        </div>
        <div className="rounded-xl bg-sand-50 p-4">
          <dt className="text-sm text-ink-muted">{t('register.fee', { percent })}</dt>
          <dd className="text-xl font-bold text-ink">{formatMoney(e.monthlyCommission)}</dd>
        </div>
        <div className="rounded-xl bg-primary-50 p-4">
          <dt className="text-sm text-primary-900">{t('register.takeHome')}</dt>
          <dd className="text-2xl font-bold text-primary-800" data-calc="take-home">{formatMoney(e.monthlyTakeHome)}</dd>
        </div>
        <div className="rounded-xl bg-primary-50 p-4">
          <dt className="text-sm text-primary-900">{t('register.yearly')}</dt>
          <dd className="text-2xl font-bold text-primary-800" data-calc="yearly">{formatMoney(e.annualTakeHome)}</dd>
        </div>
      </dl>
      <p className="mt-4 text-sm text-ink-muted">{t('register.note', { weeks: EARNINGS_CALCULATOR.weeksPerMonth })}</p>
    </section>
  );
}

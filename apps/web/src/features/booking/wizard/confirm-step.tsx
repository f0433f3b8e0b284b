import * as Checkbox from '@radix-ui/react-checkbox';
import { Check, Loader2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { CATEGORY_INFO, timeToMinutes, type QuoteResponse, type ServiceTypeDetail, BOOKING_LIMITS } from '@khedma/shared';
import { Button } from '../../../components/ui/button';
import { formatDuration, formatMoney } from '../../../lib/format';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { ActionBar } from '../components/action-bar';
import { PriceSummary } from '../components/price-summary';
import { ProfessionalCard } from '../components/professional-card';
import { formatLocalDate } from './schedule-step';
import { StepHeading } from './step-parts';
import type { WizardState } from './wizard-state';
import type { CityArea } from '@khedma/shared/domain/travel';
import { AddressFields, type AddressValue } from '../components/address-fields';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-3 py-2 text-sm sm:grid-cols-[10rem_1fr]">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="min-w-0 font-medium break-words text-ink">{children}</dd>
    </div>
  );
}

/** Step 5: everything chosen, the add-ons (only when the service has some), the server's price; Confirm Booking. */
export function ConfirmStep({
  state,
  service,
  cityName,
  boroughName,
  quote,
  quoteStale,
  quoteError,
  address,
  area,
  showAddressErrors,
  onAddress,
  creating,
  error,
  onToggleAddOn,
  onDescription,
  onBack,
  onConfirm,
  promo,
  repeat,
}: {
  state: WizardState;
  service: ServiceTypeDetail | undefined;
  cityName: string;
  boroughName: string | null;
  quote: QuoteResponse | undefined;
  quoteStale: boolean;
  quoteError: boolean;
  address: AddressValue;
  area: CityArea | null;
  showAddressErrors: boolean;
  onAddress: (next: AddressValue) => void;
  creating: boolean;
  error: ReactNode;
  onToggleAddOn: (id: string) => void;
  onDescription: (text: string) => void;
  onBack: () => void;
  onConfirm: () => void;
  /** The promo code box and the discounted total (entities/promo), under the price. */
  promo?: ReactNode;
  /** The optional "Repeat" choice (weekly, every 2 or 4 weeks), under the address. */
  repeat?: ReactNode;
}) {
  const { t } = useTranslation('booking');
  const language = useLanguage();
  const ids = { description: useId() };
  const minutes = state.startTime && state.endTime ? timeToMinutes(state.endTime) - timeToMinutes(state.startTime) : 0;
  const addOnNames = new Map((service?.addOns ?? []).map((a) => [a.name.en, pickLocalized(a.name, language)]));

  return (
    <section aria-labelledby="wizard-step-heading" className="space-y-5">
      <StepHeading title={t('wizard.confirm.title')} lead={t('wizard.confirm.lead')} />
      <div className="grid gap-5 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-5">
          <div className="rounded-card border border-sand-200 bg-white p-4 md:p-6">
            <h3 className="text-lg font-bold text-ink">{service ? pickLocalized(service.name, language) : '…'}</h3>
            {service ? <p className="mt-1 text-sm text-ink-muted">{pickLocalized(service.description, language)}</p> : null}
            <dl className="mt-3 divide-y divide-sand-100">
              <Row label={t('summary.category')}>{service ? pickLocalized(CATEGORY_INFO[service.category].name, language) : '…'}</Row>
              <Row label={t('summary.date')}>{state.date ? formatLocalDate(state.date, language) : '–'}</Row>
              <Row label={t('summary.time')}>
                <span dir="ltr">
                  {state.startTime} – {state.endTime}
                </span>
              </Row>
              <Row label={t('summary.duration')}>{formatDuration(minutes, language)}</Row>
              <Row label={t('summary.city')}>{boroughName ? `${cityName}, ${boroughName}` : cityName}</Row>
            </dl>
          </div>
          {state.professional ? (
            <div>
              <h3 className="mb-2 font-bold text-ink">{t('summary.professional')}</h3>
              <ProfessionalCard professional={state.professional} />
            </div>
          ) : null}
          {service && service.addOns.length > 0 ? (
            <fieldset className="rounded-card border border-sand-200 bg-white p-4 md:p-6">
              {/* Floated so the legend sits inside the card like the other headings, not on its border. */}
              <legend className="float-start mb-2 w-full text-lg font-bold text-ink">{t('wizard.confirm.addOns')}</legend>
              <ul className="clear-both space-y-2">
                {service.addOns.map((addOn) => {
                  const checked = state.addOnIds.includes(addOn.id);
                  const id = `addon-${addOn.id}`;
                  return (
                    <li key={addOn.id} className="flex items-start gap-3 rounded-xl p-2 hover:bg-sand-50">
                      <Checkbox.Root
                        id={id}
                        checked={checked}
                        onCheckedChange={() => onToggleAddOn(addOn.id)}
                        disabled={creating}
                        className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-md border-2 border-sand-500 bg-white data-[state=checked]:border-primary-600 data-[state=checked]:bg-primary-600"
                      >
                        <Checkbox.Indicator>
                          <Check aria-hidden="true" className="size-4 text-white" />
                        </Checkbox.Indicator>
                      </Checkbox.Root>
                      <label htmlFor={id} className="flex min-w-0 flex-1 cursor-pointer items-start justify-between gap-3">
                        <span className="min-w-0">
                          <span className="block font-medium text-ink">{pickLocalized(addOn.name, language)}</span>
                          {addOn.description ? <span className="block text-sm text-ink-muted">{pickLocalized(addOn.description, language)}</span> : null}
                        </span>
                        <bdi dir="ltr" className="shrink-0 font-semibold whitespace-nowrap text-ink">
                          +{formatMoney(addOn.price)}
                        </bdi>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          ) : null}
          <div className="space-y-4 rounded-card border border-sand-200 bg-white p-4 md:p-6">
            <AddressFields value={address} onChange={onAddress} area={area} showErrors={showAddressErrors} />
            <div>
              <label htmlFor={ids.description} className="mb-1.5 block font-semibold text-ink">
                {t('wizard.confirm.notes')} <span className="font-normal text-ink-muted">{t('form.optional')}</span>
              </label>
              <textarea
                id={ids.description}
                value={state.description}
                maxLength={BOOKING_LIMITS.descriptionMax}
                rows={3}
                onChange={(e) => onDescription(e.target.value)}
                placeholder={t('wizard.confirm.notesPlaceholder')}
                className="w-full rounded-xl border border-sand-500 bg-white px-3 py-2 text-base text-ink placeholder:text-sand-600"
              />
            </div>
          </div>
          {repeat}
        </div>
        <aside aria-label={t('summary.price')} className="h-fit rounded-card border border-sand-200 bg-white p-4 md:p-6 lg:sticky lg:top-24">
          <h3 className="mb-2 text-lg font-bold text-ink">{t('summary.price')}</h3>
          {quote ? (
            <PriceSummary
              lines={quote.lines}
              total={quote.total}
              serviceName={service ? pickLocalized(service.name, language) : undefined}
              addOnNames={addOnNames}
              stale={quoteStale}
            />
          ) : quoteError ? (
            <p className="text-sm text-cancelled">{t('errors.quote')}</p>
          ) : (
            <div className="h-24 animate-pulse rounded-xl bg-sand-100 motion-reduce:animate-none" />
          )}
          {promo}
          <p className="mt-3 text-xs text-ink-muted">{t('summary.feeNote')}</p>
        </aside>
      </div>
      {error ? (
        <div role="alert" className="rounded-card border border-cancelled/30 bg-cancelled-soft p-4 text-sm font-medium text-cancelled">
          {error}
        </div>
      ) : null}
      <ActionBar>
        <Button variant="secondary" size="lg" onClick={onBack} disabled={creating}>
          {t('actions.back')}
        </Button>
        <Button variant="accent" size="lg" onClick={onConfirm} disabled={creating || !quote}>
          {creating ? <Loader2 aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" /> : null}
          {creating ? t('wizard.confirm.creating') : t('wizard.confirm.submit')}
        </Button>
      </ActionBar>
    </section>
  );
}

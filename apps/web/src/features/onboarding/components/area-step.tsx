import { useState } from 'react';
import type { ApplicationDraft } from '@khedma/shared';
import { COUNTRY } from '@khedma/shared/domain/constants';
import { Button } from '../../../components/ui/button';
import { FieldError, SelectField } from '../../../components/ui/field';
import { useBoroughs, useCities } from '../../../entities/catalog/api';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { useSaveStep } from '../api';
import { useStepErrors } from './use-step-save';
import { StepActions, StepHeading } from './wizard-parts';

const KEYS = { cityId: 'area.errors.city', boroughIds: 'area.errors.boroughs' } as const;
const BOROUGH_CITY = 'casablanca';

/** Step 3: Morocco, a city; for Casablanca at least one borough; changing city clears boroughs. */
export function AreaStep({ draft, onBack, onDone }: { draft: ApplicationDraft; onBack: () => void; onDone: () => void }) {
  const { errors, setErrors, fromServer, t } = useStepErrors(KEYS);
  const language = useLanguage();
  const cities = useCities();
  const save = useSaveStep('area');
  const [cityId, setCityId] = useState(draft.area?.cityId ?? '');
  const [boroughIds, setBoroughIds] = useState<string[]>(draft.area?.boroughIds ?? []);
  const city = cities.data?.find((c) => c.id === cityId) ?? null;
  const needsBoroughs = city?.slug === BOROUGH_CITY;
  const boroughs = useBoroughs(needsBoroughs ? BOROUGH_CITY : null);

  const submit = () => {
    const next: Partial<Record<keyof typeof KEYS, string>> = {};
    if (!city) next.cityId = t(KEYS.cityId);
    else if (needsBoroughs && boroughIds.length === 0) next.boroughIds = t(KEYS.boroughIds);
    setErrors(next);
    if (Object.keys(next).length) return;
    save.mutate({ country: COUNTRY, cityId, boroughIds: needsBoroughs ? boroughIds : [] }, { onSuccess: onDone, onError: fromServer });
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <StepHeading step="area" />
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField label={t('area.country')} required value={COUNTRY} disabled>
          <option value={COUNTRY}>{t('area.morocco')}</option>
        </SelectField>
        <SelectField
          label={t('area.city')}
          required
          value={cityId}
          error={errors.cityId ?? (cities.isError ? t('area.citiesFailed') : null)}
          onChange={(e) => {
            setCityId(e.target.value);
            setBoroughIds([]);
          }}
        >
          <option value="">{t('area.chooseCity')}</option>
          {cities.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {pickLocalized(c.name, language)}
            </option>
          ))}
        </SelectField>
      </div>
      {needsBoroughs ? (
        <fieldset className="mt-6" aria-describedby="boroughs-hint boroughs-error">
          <legend className="text-sm font-semibold text-ink">
            {t('area.boroughs')}
            <span aria-hidden="true" className="ms-0.5 text-cancelled">
              *
            </span>
          </legend>
          <p id="boroughs-hint" className="mt-1 text-sm text-ink-muted">
            {t('area.boroughsHint')}
          </p>
          <div className="mt-3 grid gap-2 sm:grid-cols-2 md:grid-cols-3">
            {boroughs.data?.map((b) => {
              const checked = boroughIds.includes(b.id);
              return (
                <label key={b.id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-sand-300 bg-white px-3 has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50">
                  <input
                    type="checkbox"
                    className="size-5 accent-primary-600"
                    checked={checked}
                    onChange={() => setBoroughIds((ids) => (checked ? ids.filter((x) => x !== b.id) : [...ids, b.id]))}
                  />
                  <span className="text-sm">{pickLocalized(b.name, language)}</span>
                </label>
              );
            })}
          </div>
          <FieldError id="boroughs-error" message={errors.boroughIds} />
        </fieldset>
      ) : null}
      <StepActions onBack={onBack}>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('wizard.saving') : t('wizard.next')}
        </Button>
      </StepActions>
    </form>
  );
}

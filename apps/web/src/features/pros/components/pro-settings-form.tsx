import { Plus, Trash2 } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { AVAILABILITY_SLOTS, CATEGORIES, PRO_PROFILE_LIMITS, toggleAvailabilitySlot, WEEKDAYS, type AvailabilitySlot, type Weekday } from '@khedma/shared';
import { PROS_MESSAGES, updateProSettingsSchema, type ProSettings, type UpdateProSettings } from '@khedma/shared/schemas/pros';
import type { City } from '@khedma/shared/schemas/catalog';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { FormAlert } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api';
import { useCities, useServices } from '../../../entities/catalog/api';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useBoroughs, useSaveProSettings } from '../api';
import { ServiceAreaSection } from './service-area-section';

type Week = Partial<Record<Weekday, AvailabilitySlot[]>>;
type Area = { cityId: string; boroughIds: string[] };
/** The server's (and the schema's) messages this form translates: settings.errors.<key> in each language. */
const FORM_MESSAGES = [
  'notAProfessional', 'hourlyRate', 'about', 'services', 'unknownService', 'city', 'cities', 'cityTwice', 'boroughs', 'boroughsOutsideCity',
  'availability', 'allDay', 'dayOffRange', 'dayOffSpan', 'daysOffMax', 'skills',
] as const satisfies ReadonlyArray<keyof typeof PROS_MESSAGES>;
const keyOf = (message: string) => FORM_MESSAGES.find((k) => PROS_MESSAGES[k] === message);

/**
 * The professional's own profile (/pro-profile and the dashboard's Services tab): about, hourly rate,
 * skills, services, the cities worked in (each with its boroughs where it has them), the weekly plan
 * and days off, saved together; the base location and service radius beside the cities, saved on their own. Checked with the
 * server's own schema first; the server checks again (services, city and boroughs it knows).
 */
export function ProSettingsForm({ initial }: { initial: ProSettings }) {
  const { t } = useTranslation('pros');
  const { t: tc } = useTranslation('catalog');
  const language = useLanguage();
  const services = useServices();
  const cities = useCities();
  const save = useSaveProSettings();
  const [about, setAbout] = useState(initial.about ?? '');
  const [hourlyRate, setHourlyRate] = useState(String(initial.hourlyRate));
  const [skills, setSkills] = useState(initial.skills.join(', '));
  const [serviceIds, setServiceIds] = useState<string[]>(initial.serviceIds);
  const [areas, setAreas] = useState<Area[]>(initial.areas);
  const [week, setWeek] = useState<Week>(initial.availability as Week);
  const [daysOff, setDaysOff] = useState(initial.daysOff);
  const [error, setError] = useState<string | null>(null);
  const ids = { about: useId(), rate: useId(), skills: useId(), city: useId() };
  const unused = (cities.data ?? []).filter((c) => !areas.some((a) => a.cityId === c.id));
  const byCategory = useMemo(() => CATEGORIES.map((c) => ({ category: c, items: (services.data ?? []).filter((s) => s.category === c) })).filter((g) => g.items.length), [services.data]);

  const translate = (message: string) => {
    const key = keyOf(message);
    return key ? t(`settings.errors.${key}`) : t('settings.failed');
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: UpdateProSettings = {
      about,
      hourlyRate: Number(hourlyRate),
      skills: skills.split(',').map((s) => s.trim()).filter(Boolean),
      serviceIds,
      areas,
      availability: week,
      daysOff,
    };
    const checked = updateProSettingsSchema.safeParse(body);
    if (!checked.success) {
      setError(translate(checked.error.issues[0]?.message ?? ''));
      return;
    }
    setError(null);
    save.mutate(body, {
      onSuccess: () => toast.success(t('settings.saved')),
      onError: (err) => setError(isApiError(err) ? translate(err.message) : t('settings.failed')),
    });
  }

  const box = 'rounded-card border border-sand-200 bg-white p-5 md:p-6';
  const input = 'min-h-12 w-full rounded-xl border border-sand-500 bg-white px-3 text-base text-ink';
  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <section className={box} aria-labelledby={`${ids.about}-h`}>
        <h2 id={`${ids.about}-h`} className="text-lg font-bold text-ink">
          {t('settings.aboutSection')}
        </h2>
        <label htmlFor={ids.about} className="mt-3 mb-1.5 block font-semibold text-ink">
          {t('about')}
        </label>
        <textarea id={ids.about} rows={4} maxLength={PRO_PROFILE_LIMITS.aboutMax} value={about} onChange={(e) => setAbout(e.target.value)} className={cn(input, 'py-2')} />
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={ids.rate} className="mb-1.5 block font-semibold text-ink">
              {t('settings.hourlyRate')}
            </label>
            <input
              id={ids.rate}
              type="number"
              inputMode="numeric"
              min={PRO_PROFILE_LIMITS.hourlyRateMin}
              max={PRO_PROFILE_LIMITS.hourlyRateMax}
              step={10}
              value={hourlyRate}
              onChange={(e) => setHourlyRate(e.target.value)}
              className={input}
            />
          </div>
          <div>
            <label htmlFor={ids.skills} className="mb-1.5 block font-semibold text-ink">
              {t('settings.skills')}
            </label>
            <input id={ids.skills} value={skills} onChange={(e) => setSkills(e.target.value)} className={input} />
          </div>
        </div>
      </section>

      <fieldset className={box}>
        <legend className="float-start w-full text-lg font-bold text-ink">{t('settings.services')}</legend>
        <div className="clear-both grid gap-4 pt-3 sm:grid-cols-2">
          {byCategory.map(({ category, items }) => (
            <div key={category}>
              <p className="text-sm font-semibold text-ink-muted">{tc(`categories.${category}`, { defaultValue: category })}</p>
              <ul className="mt-1 space-y-1">
                {items.map((s) => (
                  <li key={s.id}>
                    <label className="flex min-h-11 items-center gap-2 text-ink">
                      <input
                        type="checkbox"
                        className="size-5 accent-primary-600"
                        checked={serviceIds.includes(s.id)}
                        onChange={(e) => setServiceIds((ids) => (e.target.checked ? [...ids, s.id] : ids.filter((x) => x !== s.id)))}
                      />
                      {pickLocalized(s.name, language)}
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </fieldset>

      <section className={box} aria-labelledby={`${ids.city}-h`}>
        <h2 id={`${ids.city}-h`} className="text-lg font-bold text-ink">
          {t('settings.area')}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{t('settings.areaHint')}</p>
        <ol className="mt-3 space-y-4">
          {areas.map((area, i) => (
            <AreaRow
              key={`${i}-${area.cityId}`}
              index={i}
              area={area}
              cities={(cities.data ?? []).filter((c) => c.id === area.cityId || !areas.some((a) => a.cityId === c.id))}
              onChange={(next) => setAreas((list) => list.map((a, j) => (j === i ? next : a)))}
              onRemove={areas.length > 1 ? () => setAreas((list) => list.filter((_, j) => j !== i)) : undefined}
            />
          ))}
        </ol>
        {areas.length < PRO_PROFILE_LIMITS.citiesMax && unused.length > 0 ? (
          <Button variant="secondary" className="mt-3" onClick={() => setAreas((list) => [...list, { cityId: unused[0]!.id, boroughIds: [] }])}>
            <Plus aria-hidden="true" className="size-5" />
            {t('settings.addCity')}
          </Button>
        ) : null}
      </section>

      {/* The base location and radius are saved on their own, in the cities already saved (the server checks those). */}
      <ServiceAreaSection
        key={JSON.stringify(initial.serviceArea)}
        saved={initial.serviceArea}
        cities={initial.areas.map((a) => (cities.data ?? []).find((c) => c.id === a.cityId)).filter((c): c is City => Boolean(c))}
      />

      <fieldset className={box}>
        <legend className="float-start w-full text-lg font-bold text-ink">{t('settings.availability')}</legend>
        <div className="clear-both space-y-2 pt-3">
          {WEEKDAYS.map((day) => (
            <div key={day} className="flex flex-wrap items-center gap-2">
              <span className="w-24 font-semibold text-ink">{t(`weekdaysLong.${day}`)}</span>
              <div role="group" aria-label={t(`weekdaysLong.${day}`)} className="flex flex-wrap gap-1.5">
                {AVAILABILITY_SLOTS.map((slot) => {
                  const on = (week[day] ?? []).includes(slot);
                  return (
                    <button
                      key={slot}
                      type="button"
                      aria-pressed={on}
                      onClick={() => setWeek((w) => ({ ...w, [day]: toggleAvailabilitySlot(w[day] ?? [], slot) }))}
                      className={cn('min-h-11 rounded-full border px-3 text-sm font-medium', on ? 'border-primary-600 bg-primary-600 text-white' : 'border-sand-300 bg-white text-ink')}
                    >
                      {t(`slots.${slot}`)}
                    </button>
                  );
                })}
              </div>
            </div>
          ))}
        </div>
      </fieldset>

      <fieldset className={box}>
        <legend className="float-start w-full text-lg font-bold text-ink">{t('settings.daysOff')}</legend>
        <p className="clear-both pt-2 text-sm text-ink-muted">{t('settings.daysOffHint')}</p>
        <ul className="mt-3 space-y-2">
          {daysOff.map((range, i) => (
            <li key={i} className="flex flex-wrap items-end gap-2">
              <label className="text-sm font-semibold text-ink">
                {t('settings.from')}
                <input
                  type="date"
                  value={range.startsOn}
                  onChange={(e) => setDaysOff((list) => list.map((r, j) => (j === i ? { ...r, startsOn: e.target.value } : r)))}
                  className={cn(input, 'mt-1')}
                />
              </label>
              <label className="text-sm font-semibold text-ink">
                {t('settings.to')}
                <input
                  type="date"
                  value={range.endsOn}
                  onChange={(e) => setDaysOff((list) => list.map((r, j) => (j === i ? { ...r, endsOn: e.target.value } : r)))}
                  className={cn(input, 'mt-1')}
                />
              </label>
              <Button variant="ghost" onClick={() => setDaysOff((list) => list.filter((_, j) => j !== i))}>
                <Trash2 aria-hidden="true" className="size-5" />
                {t('settings.removeDaysOff')}
              </Button>
            </li>
          ))}
        </ul>
        {daysOff.length < PRO_PROFILE_LIMITS.daysOffMax ? (
          <Button variant="secondary" className="mt-3" onClick={() => setDaysOff((list) => [...list, { startsOn: '', endsOn: '' }])}>
            <Plus aria-hidden="true" className="size-5" />
            {t('settings.addDaysOff')}
          </Button>
        ) : null}
      </fieldset>

      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className="sticky bottom-0 -mx-4 border-t border-sand-200 bg-sand-50/95 px-4 py-3 md:static md:mx-0 md:border-0 md:bg-transparent md:p-0">
        <Button type="submit" size="lg" className="w-full md:w-auto" disabled={save.isPending}>
          {save.isPending ? t('settings.saving') : t('settings.save')}
        </Button>
      </div>
    </form>
  );
}

/** One city of the profile: the city (any not already listed) and, where it has boroughs, those covered. */
function AreaRow({ index, area, cities, onChange, onRemove }: { index: number; area: Area; cities: City[]; onChange: (a: Area) => void; onRemove?: () => void }) {
  const { t } = useTranslation('pros');
  const language = useLanguage();
  const id = useId();
  const city = cities.find((c) => c.id === area.cityId);
  const boroughs = useBoroughs(city?.slug);
  const cityName = city ? pickLocalized(city.name, language) : '';
  const input = 'min-h-12 w-full rounded-xl border border-sand-500 bg-white px-3 text-base text-ink';
  return (
    <li className="rounded-xl border border-sand-200 p-4" data-testid="pro-area">
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <label htmlFor={id} className="mb-1.5 block font-semibold text-ink">
            {t('settings.cityN', { n: index + 1 })}
          </label>
          <select
            id={id}
            value={area.cityId}
            // Changing the city clears its boroughs (docs/professionals.md).
            onChange={(e) => onChange({ cityId: e.target.value, boroughIds: [] })}
            className={input}
          >
            {cities.map((c) => (
              <option key={c.id} value={c.id}>
                {pickLocalized(c.name, language)}
              </option>
            ))}
          </select>
        </div>
        {onRemove ? (
          <Button variant="ghost" onClick={onRemove}>
            <Trash2 aria-hidden="true" className="size-5" />
            {t('settings.removeCity', { city: cityName })}
          </Button>
        ) : null}
      </div>
      {boroughs.data?.length ? (
        <fieldset className="mt-4">
          <legend className="font-semibold text-ink">{t('settings.boroughsIn', { city: cityName })}</legend>
          <ul className="mt-2 grid grid-cols-2 gap-1 sm:grid-cols-3">
            {boroughs.data.map((b) => (
              <li key={b.id}>
                <label className="flex min-h-11 items-center gap-2 text-ink">
                  <input
                    type="checkbox"
                    className="size-5 accent-primary-600"
                    checked={area.boroughIds.includes(b.id)}
                    onChange={(e) =>
                      onChange({ ...area, boroughIds: e.target.checked ? [...area.boroughIds, b.id] : area.boroughIds.filter((x) => x !== b.id) })
                    }
                  />
                  {pickLocalized(b.name, language)}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
    </li>
  );
}

/**
 * The professional's base location and service radius (issue 42; docs/professionals.md "Base location"),
 * beside their cities on the Services tab: a pin on the map of one of their cities and a radius in km.
 * Saved on its own (PUT /api/pros/me/service-area), at once: an address outside the radius is not theirs;
 * without a base they cover the whole of their cities. The server refuses a base outside their cities.
 */
import { MapPin, Trash2 } from 'lucide-react';
import { useEffect, useId, useState, type ComponentType } from 'react';
import { ADDRESS_LIMITS, ADDRESS_MESSAGES, isInsideArea, roundCoordinate, type GeoPoint } from '@khedma/shared/domain/travel';
import { ADDRESS_FIELD_MESSAGES, serviceAreaSchema, type ServiceArea } from '@khedma/shared/schemas/address';
import type { City } from '@khedma/shared/schemas/catalog';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';

/** A coordinate kept left to right in Arabic ("-5.54", not "5.54-"): isolated with U+2066...U+2069. */
const ltr = (value: number) => `\u2066${value}\u2069`;
import { useSaveServiceArea } from '../api';

type MapProps = { center: GeoPoint; pin: GeoPoint | null; onPin: (p: GeoPoint) => void; label: string; rtl: boolean; circleKm?: number | null };

/** The server's messages this section translates: settings.base.errors.<key>. */
const MESSAGES = {
  baseOutsideCities: ADDRESS_MESSAGES.baseOutsideCities,
  incomplete: ADDRESS_MESSAGES.serviceAreaIncomplete,
  radius: ADDRESS_FIELD_MESSAGES.radius,
} as const;
const keyOf = (message: string) => (Object.keys(MESSAGES) as Array<keyof typeof MESSAGES>).find((k) => MESSAGES[k] === message);

const DEFAULT_RADIUS_KM = 10;
const inputClass = 'min-h-12 w-full rounded-xl border border-sand-500 bg-white px-3 text-base text-ink';

export function ServiceAreaSection({ saved, cities }: { saved: ServiceArea; cities: City[] }) {
  const { t } = useTranslation('pros');
  const language = useLanguage();
  const ids = { title: useId(), radius: useId(), city: useId(), error: useId() };
  const save = useSaveServiceArea();
  const [pin, setPin] = useState<GeoPoint | null>(saved.base);
  const [radius, setRadius] = useState(String(saved.radiusKm ?? DEFAULT_RADIUS_KM));
  const mapped = cities.filter((c) => c.area);
  const [cityId, setCityId] = useState(() => (saved.base ? mapped.find((c) => isInsideArea(c.area!, saved.base!))?.id : undefined) ?? mapped[0]?.id ?? '');
  const city = mapped.find((c) => c.id === cityId) ?? mapped[0];
  const [error, setError] = useState<string | null>(null);
  const [Map, setMap] = useState<ComponentType<MapProps> | null>(null);
  const [mapFailed, setMapFailed] = useState(false);

  // The map's code is fetched only when this section shows (its own chunk, as for the booking forms).
  useEffect(() => {
    let live = true;
    import('../../../components/address-map')
      .then((m) => live && setMap(() => m.default))
      .catch(() => live && setMapFailed(true));
    return () => {
      live = false;
    };
  }, []);

  const translate = (message: string) => {
    const key = keyOf(message);
    return key ? t(`settings.base.errors.${key}`, { min: ADDRESS_LIMITS.serviceRadiusKmMin, max: ADDRESS_LIMITS.serviceRadiusKmMax }) : t('settings.base.failed');
  };

  function send(body: ServiceArea, done: string) {
    const checked = serviceAreaSchema.safeParse(body);
    if (!checked.success) return setError(translate(checked.error.issues[0]?.message ?? ''));
    if (body.base && !cities.some((c) => !c.area || isInsideArea(c.area, body.base!))) return setError(translate(ADDRESS_MESSAGES.baseOutsideCities));
    setError(null);
    save.mutate(body, {
      onSuccess: () => toast.success(done),
      onError: (err) => setError(isApiError(err) ? translate(err.message) : t('settings.base.failed')),
    });
  }

  const radiusKm = Number(radius);
  const place = (p: GeoPoint) => {
    setError(null);
    setPin({ lat: roundCoordinate(p.lat), lng: roundCoordinate(p.lng) });
  };
  const changed = pin?.lat !== saved.base?.lat || pin?.lng !== saved.base?.lng || (pin !== null && radiusKm !== saved.radiusKm);

  return (
    <section className="rounded-card border border-sand-200 bg-white p-5 md:p-6" aria-labelledby={ids.title} data-testid="service-area">
      <h2 id={ids.title} className="text-lg font-bold text-ink">
        {t('settings.base.title')}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t('settings.base.hint')}</p>
      {mapped.length > 1 ? (
        <div className="mt-3">
          <label htmlFor={ids.city} className="mb-1.5 block font-semibold text-ink">
            {t('settings.base.mapOf')}
          </label>
          <select id={ids.city} value={city?.id ?? ''} onChange={(e) => setCityId(e.target.value)} className={inputClass}>
            {mapped.map((c) => (
              <option key={c.id} value={c.id}>
                {pickLocalized(c.name, language)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="mt-3">
        {city?.area && Map && !mapFailed ? (
          <Map
            key={city.id}
            center={city.area.center}
            pin={pin}
            onPin={place}
            label={t('settings.base.mapLabel')}
            rtl={language === 'ar'}
            circleKm={Number.isFinite(radiusKm) ? radiusKm : null}
          />
        ) : (
          <p className="rounded-xl border border-sand-300 p-4 text-sm text-ink-muted">{city?.area && !mapFailed ? t('settings.base.mapLoading') : t('settings.base.mapUnavailable')}</p>
        )}
      </div>
      <p className="mt-2 flex items-center gap-1 text-sm text-ink" aria-live="polite" data-testid="base-status">
        <MapPin aria-hidden="true" className="size-4 shrink-0" />
        {pin ? <bdi>{t('settings.base.placed', { latitude: ltr(pin.lat), longitude: ltr(pin.lng) })}</bdi> : t('settings.base.none')}
      </p>
      <div className="mt-3 max-w-48">
        <label htmlFor={ids.radius} className="mb-1.5 block font-semibold text-ink">
          {t('settings.base.radius')}
        </label>
        <input
          id={ids.radius}
          type="number"
          inputMode="numeric"
          min={ADDRESS_LIMITS.serviceRadiusKmMin}
          max={ADDRESS_LIMITS.serviceRadiusKmMax}
          step={1}
          value={radius}
          aria-describedby={error ? ids.error : undefined}
          onChange={(e) => setRadius(e.target.value)}
          // Enter saves this section, not the whole profile around it.
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (pin) send({ base: pin, radiusKm }, t('settings.base.saved'));
            }
          }}
          className={inputClass}
        />
        <p className="mt-1 text-xs text-ink-muted">{t('settings.base.radiusHint', { min: ADDRESS_LIMITS.serviceRadiusKmMin, max: ADDRESS_LIMITS.serviceRadiusKmMax })}</p>
      </div>
      {error ? (
        <p id={ids.error} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" variant="secondary" disabled={save.isPending || !pin || !changed} onClick={() => pin && send({ base: pin, radiusKm }, t('settings.base.saved'))}>
          {save.isPending ? t('settings.saving') : t('settings.base.save')}
        </Button>
        {saved.base ? (
          <Button
            type="button"
            variant="ghost"
            disabled={save.isPending}
            onClick={() => {
              setPin(null);
              send({ base: null, radiusKm: null }, t('settings.base.removed'));
            }}
          >
            <Trash2 aria-hidden="true" className="size-5" />
            {t('settings.base.remove')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

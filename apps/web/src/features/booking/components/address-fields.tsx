/**
 * The booking's address (issue 42, docs/bookings.md "Address"): the street address (required), a pin
 * on a map of the chosen city, a landmark or directions, floor and door. Shared by the wizard's confirm
 * step and the /booking page. The map (Leaflet) is loaded only here, when the form shows; with no map
 * (no tiles, no script) "Use my location" and typed coordinates still place the pin, and the booking may
 * go without one. The server checks the pin against the city's area again.
 */
import { LocateFixed, MapPin, X } from 'lucide-react';
import { useEffect, useId, useState, type ComponentType } from 'react';
import { ADDRESS_LIMITS, isInsideArea, roundCoordinate, type CityArea, type GeoPoint } from '@khedma/shared/domain/travel';
import { BOOKING_LIMITS } from '@khedma/shared/domain/booking-status';
import { Button } from '../../../components/ui/button';
import { useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';

/** A coordinate kept left to right in Arabic ("-5.54", not "5.54-"): isolated with U+2066...U+2069. */
const ltr = (value: number) => `\u2066${value}\u2069`;

export interface AddressValue {
  location: string;
  landmark: string;
  floor: string;
  door: string;
  pin: GeoPoint | null;
}

export const EMPTY_ADDRESS: AddressValue = { location: '', landmark: '', floor: '', door: '', pin: null };

/** The request fields of an address (blank extras left out). */
export function addressRequest(a: AddressValue) {
  return {
    location: a.location.trim(),
    landmark: a.landmark.trim() || undefined,
    floor: a.floor.trim() || undefined,
    door: a.door.trim() || undefined,
    pin: a.pin ?? undefined,
  };
}

/** What is wrong with an address before it is sent (the server says the same). */
export function addressErrors(a: AddressValue, area: CityArea | null): { location?: 'streetRequired'; pin?: 'pinOutside' } {
  return {
    ...(a.location.trim() ? {} : { location: 'streetRequired' as const }),
    ...(a.pin && area && !isInsideArea(area, a.pin) ? { pin: 'pinOutside' as const } : {}),
  };
}

type MapProps = { center: GeoPoint; pin: GeoPoint | null; onPin: (p: GeoPoint) => void; label: string; rtl: boolean };

const inputClass = 'min-h-12 w-full rounded-xl border border-sand-500 bg-white px-3 text-base text-ink';

export function AddressFields({
  value,
  onChange,
  area,
  showErrors,
  serverErrors,
  withStreet = true,
}: {
  value: AddressValue;
  onChange: (next: AddressValue) => void;
  area: CityArea | null;
  /** Show the missing street (after a first try to send). */
  showErrors: boolean;
  /** Field messages the server answered with (location, pin). */
  serverErrors?: Record<string, string>;
  /** The /booking page has its own street field (its errors and focus order): the rest only. */
  withStreet?: boolean;
}) {
  const { t } = useTranslation('booking');
  const language = useLanguage();
  const ids = { street: useId(), landmark: useId(), floor: useId(), door: useId(), lat: useId(), lng: useId(), streetError: useId(), pinError: useId() };
  const [Map, setMap] = useState<ComponentType<MapProps> | null>(null);
  const [mapFailed, setMapFailed] = useState(false);
  const [locating, setLocating] = useState(false);
  const [locateFailed, setLocateFailed] = useState(false);
  const [manual, setManual] = useState({ lat: '', lng: '' });
  const [manualInvalid, setManualInvalid] = useState(false);
  const errors = addressErrors(value, area);
  const streetError = showErrors && errors.location ? t('address.streetRequired') : serverErrors?.location;
  const pinError = errors.pin ? t('address.pinOutside') : serverErrors?.pin;

  // The map's code is fetched only now, when an address form shows.
  useEffect(() => {
    let live = true;
    import('../../../components/address-map')
      .then((m) => live && setMap(() => m.default))
      .catch(() => live && setMapFailed(true));
    return () => {
      live = false;
    };
  }, []);

  const set = (patch: Partial<AddressValue>) => onChange({ ...value, ...patch });
  const place = (p: GeoPoint) => set({ pin: { lat: roundCoordinate(p.lat), lng: roundCoordinate(p.lng) } });

  function locate() {
    setLocateFailed(false);
    if (!('geolocation' in navigator)) return setLocateFailed(true);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        place({ lat: pos.coords.latitude, lng: pos.coords.longitude });
      },
      () => {
        setLocating(false);
        setLocateFailed(true);
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  }

  function applyManual() {
    const lat = Number(manual.lat.replace(',', '.'));
    const lng = Number(manual.lng.replace(',', '.'));
    const ok = manual.lat.trim() !== '' && manual.lng.trim() !== '' && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
    setManualInvalid(!ok);
    if (ok) place({ lat, lng });
  }

  return (
    <fieldset className="space-y-4">
      <legend className={withStreet ? 'mb-1 text-lg font-semibold text-ink' : 'sr-only'}>{t('address.title')}</legend>
      {withStreet ? (
      <div>
        <label htmlFor={ids.street} className="mb-1.5 block font-semibold text-ink">
          {t('address.street')}
        </label>
        <input
          id={ids.street}
          value={value.location}
          required
          aria-required="true"
          aria-invalid={streetError ? true : undefined}
          aria-describedby={streetError ? ids.streetError : undefined}
          maxLength={BOOKING_LIMITS.locationMax}
          onChange={(e) => set({ location: e.target.value })}
          autoComplete="street-address"
          className={inputClass}
        />
        {streetError ? (
          <p id={ids.streetError} role="alert" className="mt-1 text-sm text-red-700">
            {streetError}
          </p>
        ) : null}
      </div>
      ) : null}
      <div>
        <p className="mb-1.5 font-semibold text-ink">
          {t('address.pin')} <span className="font-normal text-ink-muted">({t('address.pinOptional')})</span>
        </p>
        <p className="mb-2 text-sm text-ink-muted">{t('address.pinHint')}</p>
        {area && Map && !mapFailed ? (
          <Map center={area.center} pin={value.pin} onPin={place} label={t('address.mapLabel')} rtl={language === 'ar'} />
        ) : area && !mapFailed ? (
          <p className="rounded-xl border border-sand-300 p-4 text-sm text-ink-muted">{t('address.mapLoading')}</p>
        ) : (
          <p className="rounded-xl border border-sand-300 p-4 text-sm text-ink-muted">{t('address.mapUnavailable')}</p>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Button type="button" variant="secondary" onClick={locate} disabled={locating}>
            <LocateFixed aria-hidden="true" className="size-4" />
            {locating ? t('address.locating') : t('address.useMyLocation')}
          </Button>
          {value.pin ? (
            <Button type="button" variant="ghost" onClick={() => set({ pin: null })}>
              <X aria-hidden="true" className="size-4" />
              {t('address.clearPin')}
            </Button>
          ) : null}
        </div>
        <p className="mt-2 flex items-center gap-1 text-sm text-ink" aria-live="polite" data-testid="pin-status">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          {value.pin ? (
            <bdi>{t('address.pinPlaced', { latitude: ltr(value.pin.lat), longitude: ltr(value.pin.lng) })}</bdi>
          ) : (
            t('address.noPin')
          )}
        </p>
        {locateFailed ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {t('address.locationDenied')}
          </p>
        ) : null}
        {pinError ? (
          <p id={ids.pinError} role="alert" className="mt-1 text-sm text-red-700">
            {pinError}
          </p>
        ) : null}
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-semibold text-primary-700">{t('address.manual')}</summary>
          <div className="mt-2 grid grid-cols-2 gap-2">
            <div>
              <label htmlFor={ids.lat} className="mb-1 block text-sm text-ink">
                {t('address.latitude')}
              </label>
              <input id={ids.lat} dir="ltr" inputMode="decimal" value={manual.lat} onChange={(e) => setManual({ ...manual, lat: e.target.value })} className={inputClass} />
            </div>
            <div>
              <label htmlFor={ids.lng} className="mb-1 block text-sm text-ink">
                {t('address.longitude')}
              </label>
              <input id={ids.lng} dir="ltr" inputMode="decimal" value={manual.lng} onChange={(e) => setManual({ ...manual, lng: e.target.value })} className={inputClass} />
            </div>
          </div>
          <Button type="button" variant="secondary" className="mt-2" onClick={applyManual}>
            {t('address.pin')}
          </Button>
          {manualInvalid ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {t('address.coordinatesInvalid')}
            </p>
          ) : null}
        </details>
      </div>
      <div>
        <label htmlFor={ids.landmark} className="mb-1.5 block font-semibold text-ink">
          {t('address.landmark')} <span className="font-normal text-ink-muted">{t('form.optional')}</span>
        </label>
        <input id={ids.landmark} value={value.landmark} maxLength={ADDRESS_LIMITS.landmarkMax} placeholder={t('address.landmarkHint')} onChange={(e) => set({ landmark: e.target.value })} className={inputClass} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={ids.floor} className="mb-1.5 block font-semibold text-ink">
            {t('address.floor')} <span className="font-normal text-ink-muted">{t('form.optional')}</span>
          </label>
          <input id={ids.floor} value={value.floor} maxLength={ADDRESS_LIMITS.floorMax} onChange={(e) => set({ floor: e.target.value })} className={inputClass} />
        </div>
        <div>
          <label htmlFor={ids.door} className="mb-1.5 block font-semibold text-ink">
            {t('address.door')} <span className="font-normal text-ink-muted">{t('form.optional')}</span>
          </label>
          <input id={ids.door} value={value.door} maxLength={ADDRESS_LIMITS.doorMax} onChange={(e) => set({ door: e.target.value })} className={inputClass} />
        </div>
      </div>
    </fieldset>
  );
}

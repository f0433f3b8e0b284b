import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import {
  DEFAULT_DURATION_HOURS,
  DURATION_CHOICES_HOURS,
  isValidMoroccanPhone,
  proPageDateBounds,
  PRO_PAGE_TIMES,
  validateProPageBooking,
  type BookingWindowIssue,
  type CreateHourlyBookingRequest,
  BOOKING_LIMITS,
} from '@khedma/shared';
import type { ProProfile } from '@khedma/shared/schemas/pros';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { Button, buttonClass } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { isApiError } from '../../../lib/api';
import { bookingKeys, useCancelBooking } from '../../../entities/booking/api';
import { formatDuration, formatHourlyRate } from '../../../lib/format';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { loginPathWithNext } from '../../../lib/safe-next';
import { useSession } from '../../../lib/session';
import { useProfessional } from '../../../entities/professional/api';
import { createHourlyBooking, newIdempotencyKey, useHourlyQuote } from '../api';
import { ActionBar, ACTION_BAR_SPACE } from '../components/action-bar';
import { NotFoundPanel } from '../components/not-found-panel';
import { PaymentScreen } from '../components/payment-screen';
import { PriceSummary } from '../components/price-summary';
import { PromoCodeField } from '../../../entities/promo/components/promo-code-field';
import { PageLoading } from '../components/signed-in';
import { formatLocalDate } from '../wizard/schedule-step';
import { useCities } from '../../../entities/catalog/api';
import { AddressFields, addressErrors, addressRequest, EMPTY_ADDRESS, type AddressValue } from '../components/address-fields';

/**
 * /booking/{professionalId}?date=&time=&description= (docs/bookings.md Booking page): book a professional by
 * the hour from their page. A real booking through the same service as the wizard (docs/bookings.md),
 * then the payment screen, then the dashboard.
 */
export function BookingPage() {
  const { t } = useTranslation();
  const { t: tb } = useTranslation('booking');
  const { proId } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const [params] = useSearchParams();
  const pro = useProfessional(proId);

  let content: ReactNode;
  if (session.status === 'loading' || (proId && pro.isPending && session.status === 'signed-in')) {
    content = <PageLoading />;
  } else if (session.status === 'signed-out') {
    content = (
      <NotFoundPanel title={tb('errors.pleaseLogIn')} onBack={() => navigate(-1)}>
        <Link to={loginPathWithNext(`${window.location.pathname}${window.location.search}`)} className={buttonClass()}>
          {t('nav.login')}
        </Link>
      </NotFoundPanel>
    );
  } else if (!proId || pro.isError || !pro.data) {
    content = (
      <NotFoundPanel title={tb('errors.professionalNotFound')} onBack={() => navigate(-1)}>
        <Link to={paths.services()} className={buttonClass()}>
          {tb('actions.browseServices')}
        </Link>
      </NotFoundPanel>
    );
  } else {
    content = (
      <BookingForm
        professional={pro.data}
        initial={{ date: params.get('date') ?? '', time: params.get('time') ?? '', description: params.get('description') ?? '', city: params.get('city') ?? '' }}
      />
    );
  }

  return (
    <>
      <Seo title={t('pages.booking.title')} />
      <div className="container-page py-6 md:py-10">
        <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">{t('pages.booking.title')}</h1>
        {content}
      </div>
    </>
  );
}

interface FormValues {
  /** The city booked in: one of the professional's (chosen when they work in several). */
  cityId: string;
  description: string;
  date: string;
  time: string;
  location: string;
  durationHours: number;
  contactPhone: string;
  specialRequests: string;
}

type FieldName = 'cityId' | 'date' | 'time' | 'location' | 'contactPhone';

function BookingForm({
  professional,
  initial,
}: {
  professional: ProProfile;
  initial: { date: string; time: string; description: string; city: string };
}) {
  const { t } = useTranslation('booking');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cancelBooking = useCancelBooking();
  const [now] = useState(() => new Date());
  const areas = professional.areas;
  const [values, setValues] = useState<FormValues>({
    // One city: that one. Several: the one in the address (?city= slug or id) if theirs, else the customer picks.
    cityId: areas.length === 1 ? areas[0]!.city.id : (areas.find((a) => a.city.id === initial.city || a.city.slug === initial.city)?.city.id ?? ''),
    description: initial.description.slice(0, BOOKING_LIMITS.descriptionMax),
    date: initial.date,
    time: (PRO_PAGE_TIMES as readonly string[]).includes(initial.time) ? initial.time : '',
    location: '',
    durationHours: DEFAULT_DURATION_HOURS,
    contactPhone: '',
    specialRequests: '',
  });
  const [submitted, setSubmitted] = useState(false);
  // The address's pin, landmark, floor and door (issue 42); the street is values.location.
  const [addressExtras, setAddressExtras] = useState<AddressValue>(EMPTY_ADDRESS);
  const cities = useCities();
  const area = cities.data?.find((c) => c.id === (values.cityId || areas[0]?.city.id))?.area ?? null;
  const [creating, setCreating] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'form' | 'payment'>('form');
  /** The created, unpaid booking; null again after a failed payment (which cancels it on the server). */
  const [booking, setBooking] = useState<{ id: string; total: number } | null>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const idPrefix = useId();
  const id = (name: string) => `${idPrefix}-${name}`;

  const quoteRequest = useMemo(() => ({ professionalId: professional.id, durationHours: values.durationHours }), [professional.id, values.durationHours]);
  const quote = useHourlyQuote(quoteRequest);
  // Promo code and referral credit (docs/promos.md): shown by the entity, checked again by the server.
  const [promoCode, setPromoCode] = useState<string | undefined>(undefined);
  const promoChoice = useMemo(() => ({ hourly: { ...quoteRequest, ...(values.cityId ? { cityId: values.cityId } : {}) } }), [quoteRequest, values.cityId]);
  const bounds = proPageDateBounds(now);

  const windowResult = validateProPageBooking({ date: values.date, time: values.time, durationHours: values.durationHours }, { now });
  const errors: Partial<Record<FieldName, string>> = {};
  if (!windowResult.ok) {
    for (const issue of windowResult.issues as BookingWindowIssue[]) {
      const field: FieldName = issue.field === 'startTime' ? 'time' : 'date';
      errors[field] ??= t(`schedule.errors.${issue.code}`, { ...issue.params });
    }
  }
  if (!values.cityId) errors.cityId = t('bookingForm.errors.city');
  if (!values.location.trim()) errors.location = t('bookingForm.errors.address');
  if (!isValidMoroccanPhone(values.contactPhone)) errors.contactPhone = tc('validation.phone');
  const shown = submitted ? errors : {};

  const set = <K extends keyof FormValues>(name: K, value: FormValues[K]) => setValues((v) => ({ ...v, [name]: value }));

  async function create(): Promise<string> {
    const request: CreateHourlyBookingRequest = {
      professionalId: professional.id,
      cityId: values.cityId || undefined,
      date: values.date,
      time: values.time,
      durationHours: values.durationHours,
      ...addressRequest({ ...addressExtras, location: values.location }),
      contactPhone: values.contactPhone,
      specialRequests: values.specialRequests.trim() || undefined,
      description: values.description.trim() || undefined,
      ...(promoCode ? { promoCode } : {}),
    };
    const body = JSON.stringify(request);
    if (!attempt.current || attempt.current.body !== body) attempt.current = { key: newIdempotencyKey(), body };
    try {
      const created = await createHourlyBooking(request, attempt.current.key);
      attempt.current = null;
      setBooking({ id: created.id, total: created.amounts.total });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      return created.id;
    } catch (error) {
      if (!(isApiError(error) && (error.isNetwork || error.status >= 500))) attempt.current = null;
      setFormError(
        isApiError(error, 'SLOT_TAKEN')
          ? t('errors.SLOT_TAKEN')
          : isApiError(error) && error.fields.cityId
            ? t('bookingForm.errors.cityNotServed')
          : isApiError(error, 'PROMO_CODE_INVALID')
            ? error.message
          : isApiError(error, 'NO_PROFESSIONAL_AVAILABLE')
            ? t('errors.professionalUnavailable')
            : isApiError(error) && error.isNetwork
              ? tc('errors.api.network')
              : t('errors.createFailed'),
      );
      throw error;
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    // The fields in the order they are on the page: the first one wrong gets the focus.
    const first = (['date', 'time', 'cityId', 'location', 'contactPhone'] as const).find((f) => errors[f]);
    if (first || addressErrors({ ...addressExtras, location: values.location }, area).pin) {
      if (first) document.getElementById(id(first))?.focus();
      return;
    }
    if (first) {
      document.getElementById(id(first))?.focus();
      return;
    }
    setCreating(true);
    try {
      await create();
      setPhase('payment');
    } catch {
      // shown by create()
    } finally {
      setCreating(false);
    }
  }

  if (phase === 'payment') {
    return (
      <div className={cn('mx-auto mt-6 max-w-2xl', ACTION_BAR_SPACE)}>
        {formError ? (
          <div role="alert" className="mb-4 rounded-card border border-cancelled/30 bg-cancelled-soft p-4 text-sm font-medium text-cancelled">
            {formError}
          </div>
        ) : null}
        <PaymentScreen
          amount={booking?.total ?? quote.data?.total ?? null}
          prepare={() => (booking ? Promise.resolve(booking.id) : create())}
          onPaid={() => {
            toast.success(t('toasts.created'));
            void navigate(paths.dashboard());
          }}
          onFailed={() => setBooking(null)}
          onBack={() => {
            // The unpaid booking holds the professional's time: let it go before the customer edits.
            if (booking) cancelBooking.mutate({ id: booking.id });
            setBooking(null);
            setFormError(null);
            setPhase('form');
          }}
        />
      </div>
    );
  }

  const fieldClass = (invalid: boolean) =>
    cn('min-h-12 w-full rounded-xl border bg-white px-3 text-base text-ink', invalid ? 'border-cancelled ring-1 ring-cancelled' : 'border-sand-500');
  const errorText = (name: FieldName) =>
    shown[name] ? (
      <p id={`${id(name)}-error`} className="mt-1 text-sm font-medium text-cancelled">
        {shown[name]}
      </p>
    ) : null;
  const aria = (name: FieldName) => ({
    'aria-invalid': shown[name] ? true : undefined,
    'aria-describedby': shown[name] ? `${id(name)}-error` : undefined,
  });
  const initials = professional.name.trim().charAt(0).toUpperCase();

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className={cn('mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]', ACTION_BAR_SPACE)}>
      <div className="space-y-5 rounded-card border border-sand-200 bg-white p-4 md:p-6">
        <h2 className="text-lg font-bold text-ink">{t('bookingForm.title')}</h2>
        <div>
          <label htmlFor={id('description')} className="mb-1.5 block font-semibold text-ink">
            {t('bookingForm.serviceDetails')}
          </label>
          <textarea
            id={id('description')}
            rows={3}
            maxLength={BOOKING_LIMITS.descriptionMax}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            placeholder={t('bookingForm.serviceDetailsPlaceholder')}
            className="w-full rounded-xl border border-sand-500 bg-white px-3 py-2 text-base text-ink placeholder:text-sand-600"
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={id('date')} className="mb-1.5 block font-semibold text-ink">
              {t('schedule.date')} <span aria-hidden="true">*</span>
            </label>
            <input
              id={id('date')}
              type="date"
              required
              min={bounds.min}
              max={bounds.max}
              value={values.date}
              onChange={(e) => set('date', e.target.value)}
              className={fieldClass(Boolean(shown.date))}
              {...aria('date')}
            />
            {errorText('date')}
          </div>
          <div>
            <label htmlFor={id('time')} className="mb-1.5 block font-semibold text-ink">
              {t('schedule.startTime')} <span aria-hidden="true">*</span>
            </label>
            <select
              id={id('time')}
              required
              value={values.time}
              onChange={(e) => set('time', e.target.value)}
              className={fieldClass(Boolean(shown.time))}
              {...aria('time')}
            >
              <option value="">{t('schedule.chooseTime')}</option>
              {PRO_PAGE_TIMES.map((time) => (
                <option key={time} value={time}>
                  {time}
                </option>
              ))}
            </select>
            {errorText('time')}
          </div>
        </div>
        {areas.length > 1 ? (
          <div>
            <label htmlFor={id('cityId')} className="mb-1.5 block font-semibold text-ink">
              {t('bookingForm.city')} <span aria-hidden="true">*</span>
            </label>
            <select
              id={id('cityId')}
              required
              value={values.cityId}
              onChange={(e) => set('cityId', e.target.value)}
              className={fieldClass(Boolean(shown.cityId))}
              {...aria('cityId')}
            >
              <option value="">{t('bookingForm.chooseCity')}</option>
              {areas.map((a) => (
                <option key={a.city.id} value={a.city.id}>
                  {pickLocalized(a.city.name, language)}
                </option>
              ))}
            </select>
            {errorText('cityId')}
          </div>
        ) : null}
        <div>
          <label htmlFor={id('location')} className="mb-1.5 block font-semibold text-ink">
            {t('bookingForm.address')} <span aria-hidden="true">*</span>
          </label>
          <input
            id={id('location')}
            required
            autoComplete="street-address"
            maxLength={BOOKING_LIMITS.locationMax}
            value={values.location}
            onChange={(e) => set('location', e.target.value)}
            placeholder={t('bookingForm.addressPlaceholder')}
            className={fieldClass(Boolean(shown.location))}
            {...aria('location')}
          />
          {errorText('location')}
        </div>
        <AddressFields value={{ ...addressExtras, location: values.location }} onChange={setAddressExtras} area={area} showErrors={submitted} withStreet={false} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={id('duration')} className="mb-1.5 block font-semibold text-ink">
              {t('bookingForm.duration')}
            </label>
            <select
              id={id('duration')}
              value={values.durationHours}
              onChange={(e) => set('durationHours', Number(e.target.value))}
              className={fieldClass(false)}
            >
              {DURATION_CHOICES_HOURS.map((h) => (
                <option key={h} value={h}>
                  {formatDuration(h * 60, language)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={id('contactPhone')} className="mb-1.5 block font-semibold text-ink">
              {t('bookingForm.phone')} <span aria-hidden="true">*</span>
            </label>
            <input
              id={id('contactPhone')}
              type="tel"
              required
              dir="ltr"
              autoComplete="tel"
              inputMode="tel"
              value={values.contactPhone}
              onChange={(e) => set('contactPhone', e.target.value)}
              placeholder="+212 6XX XXX XXX"
              className={cn(fieldClass(Boolean(shown.contactPhone)), 'rtl:text-end')}
              {...aria('contactPhone')}
            />
            {errorText('contactPhone')}
          </div>
        </div>
        <div>
          <label htmlFor={id('specialRequests')} className="mb-1.5 block font-semibold text-ink">
            {t('bookingForm.specialRequests')} <span className="font-normal text-ink-muted">{t('form.optional')}</span>
          </label>
          <textarea
            id={id('specialRequests')}
            rows={3}
            maxLength={BOOKING_LIMITS.descriptionMax}
            value={values.specialRequests}
            onChange={(e) => set('specialRequests', e.target.value)}
            className="w-full rounded-xl border border-sand-500 bg-white px-3 py-2 text-base text-ink"
          />
        </div>
      </div>
      <aside aria-label={t('summary.title')} className="h-fit space-y-4 rounded-card border border-sand-200 bg-white p-4 md:p-6 lg:sticky lg:top-24">
        <h2 className="text-lg font-bold text-ink">{t('summary.title')}</h2>
        <div className="flex items-center gap-3">
          <span aria-hidden="true" className="inline-flex size-12 items-center justify-center rounded-full bg-primary-600 text-lg font-bold text-white">
            {initials}
          </span>
          <div>
            <p className="font-semibold text-ink">{professional.name}</p>
            <p className="text-sm text-ink-muted">{pickLocalized(professional.city.name, language)}</p>
          </div>
        </div>
        <p className="text-sm text-ink">
          <span className="text-ink-muted">{t('bookingForm.hourlyRate')} </span>
          <span className="font-semibold">{formatHourlyRate(professional.hourlyRate, language)}</span>
        </p>
        {windowResult.ok ? <p className="text-sm text-ink">{`${formatLocalDate(values.date, language)} · ${values.time}`}</p> : null}
        {quote.data ? <PriceSummary lines={quote.data.lines} total={quote.data.total} stale={quote.isPlaceholderData} /> : <div className="h-24 animate-pulse rounded-xl bg-sand-100" />}
        <PromoCodeField choice={promoChoice} applied={promoCode} onApplied={setPromoCode} disabled={creating} />
        <p className="text-xs text-ink-muted">{t('summary.feeNote')}</p>
      </aside>
      {formError ? (
        <div role="alert" className="rounded-card border border-cancelled/30 bg-cancelled-soft p-4 text-sm font-medium text-cancelled lg:col-span-2">
          {formError}
        </div>
      ) : null}
      <div className="lg:col-span-2">
        <ActionBar>
          <Button variant="secondary" size="lg" onClick={() => navigate(-1)} disabled={creating}>
            {t('actions.back')}
          </Button>
          <Button type="submit" variant="accent" size="lg" disabled={creating}>
            {creating ? t('wizard.confirm.creating') : t('bookingForm.submit')}
          </Button>
        </ActionBar>
      </div>
    </form>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { AssignmentPreviewRequest, CreateBookingRequest, QuoteRequest } from '@khedma/shared';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { Button } from '../../../components/ui/button';
import { DirectionalIcon } from '../../../components/ui/directional-icon';
import { isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { bookingKeys, useCancelBooking } from '../../../entities/booking/api';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { useBoroughs, useCities, useService, useServices } from '../../../entities/catalog/api';
import { useProfessional } from '../../../entities/professional/api';
import { createBooking, newIdempotencyKey, useQuote } from '../api';
import { PromoCodeField } from '../../../entities/promo/components/promo-code-field';
import { ACTION_BAR_SPACE } from '../components/action-bar';
import { NotFoundPanel } from '../components/not-found-panel';
import { PaymentScreen } from '../components/payment-screen';
import { NO_REPEAT, RepeatChoice, repeatErrors, repeatRequestOf, type RepeatValue } from '../wizard/repeat-choice';
import { PageLoading, SignedIn } from '../components/signed-in';
import { CityStep } from '../wizard/city-step';
import { ConfirmStep } from '../wizard/confirm-step';
import { DoneStep } from '../wizard/done-step';
import { ProfessionalStep } from '../wizard/professional-step';
import { ScheduleStep } from '../wizard/schedule-step';
import { ServiceStep } from '../wizard/service-step';
import { WizardProgress } from '../wizard/wizard-progress';
import { canShowStep, initialStateFrom, parseAddOnsParam, STEP, wizardReducer, type WizardProfessional, type WizardState, type WizardStep } from '../wizard/wizard-state';
import { loadWizard, saveWizard, stepFromParam, stepParam } from '../wizard/wizard-storage';
import { addressErrors, addressRequest, EMPTY_ADDRESS, type AddressValue } from '../components/address-fields';

/** Navigation state of "Book Now" in the professionals finder (docs/bookings.md): the preselected professional. */
interface PreselectState {
  preselectedProfessional?: { id?: string; name?: string; serviceId?: string; serviceName?: string };
}

/** /book-service: the six-step booking wizard (docs/bookings.md; issue 5). Signed-out visitors log in first and come back. */
export function BookServicePage() {
  const { t } = useTranslation();
  return (
    <>
      <Seo title={t('pages.bookService.title')} />
      <div className="container-page py-6 md:py-10">
        <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">{t('pages.bookService.title')}</h1>
        <SignedIn>{(user) => <WizardLoader userId={user.id} />}</SignedIn>
      </div>
    </>
  );
}

/**
 * Reads what the wizard starts from (?service=&addons=&city= from a service page, ?pro= or the finder's
 * navigation state for a preselected professional) and waits for what it needs to start right.
 */
function WizardLoader({ userId }: { userId: string }) {
  const { t } = useTranslation('booking');
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const preselect = (location.state as PreselectState | null)?.preselectedProfessional;
  const proId = params.get('pro') ?? preselect?.id ?? null;
  const serviceParam = params.get('service') ?? preselect?.serviceId ?? null;
  // `addons=a,b` from the app's link; `addons=a&addons=b` from the service page's form sent as plain HTML.
  const addOnIds = parseAddOnsParam(params.getAll('addons').join(','));
  // A preselected professional fixes the city: ?city= only counts without one (an empty one, from the form, is none).
  const cityParam = proId ? null : params.get('city') || null;
  const services = useServices();
  const cities = useCities();
  const pro = useProfessional(proId);

  if ((serviceParam && services.isPending) || (proId && pro.isPending) || (cityParam && cities.isPending)) return <PageLoading />;
  if (proId && pro.isError) {
    return <NotFoundPanel title={t('errors.professionalNotFound')} onBack={() => navigate(-1)} />;
  }
  const serviceKnown = !serviceParam || services.isError || (services.data ?? []).some((s) => s.id === serviceParam);
  if (!serviceKnown) return <NotFoundPanel title={t('errors.serviceNotFound')} onBack={() => navigate(-1)} />;

  const profile = pro.data;
  const offered = profile ? new Set(profile.services.map((s) => s.id)) : undefined;
  // A professional's page or "Book again" may name a service they no longer offer: ask again then.
  const serviceId = serviceParam && (!offered || offered.has(serviceParam)) ? serviceParam : offered?.size === 1 ? [...offered][0]! : null;
  const professional: WizardProfessional | null = profile
    ? { id: profile.id, firstName: profile.name, rating: profile.rating, reviewsCount: profile.reviewsCount, jobsDone: profile.jobsDone }
    : null;
  // Only a city the wizard offers is taken (an unknown slug is ignored: the city is asked).
  const chosenCity = cityParam ? cities.data?.find((c) => c.slug === cityParam) : undefined;
  const city = profile ? profile.city : chosenCity;
  const initial = initialStateFrom({
    serviceId,
    addOnIds,
    professional,
    city: city ? { id: city.id, slug: city.slug } : null,
  });
  // A new starting point (another ?service=, ?city= or ?pro=) starts a fresh wizard.
  const origin = `${proId ?? ''}|${serviceId ?? ''}|${city?.id ?? ''}`;
  // An address with ?step= (a reload, Back or Forward into the wizard) finds this tab's saved choices.
  const saved = params.get('step') ? loadWizard(userId, origin) : null;
  return <Wizard key={origin} initial={saved?.state ?? initial} initialLocation={saved?.location ?? ''} allowedServiceIds={offered} userId={userId} origin={origin} />;
}

/** The create request of the current choices (null until they are complete). */
function createRequestOf(state: WizardState, address: AddressValue): CreateBookingRequest | null {
  if (!state.serviceId || !state.cityId || !state.date || !state.startTime || !state.endTime) return null;
  return {
    serviceTypeId: state.serviceId,
    cityId: state.cityId,
    boroughId: state.boroughId,
    professionalId: state.professional?.id,
    date: state.date,
    startTime: state.startTime,
    endTime: state.endTime,
    addOnIds: state.addOnIds,
    description: state.description.trim() || undefined,
    ...addressRequest(address),
  };
}

function Wizard({
  initial,
  initialLocation,
  allowedServiceIds,
  userId,
  origin,
}: {
  initial: WizardState;
  initialLocation: string;
  allowedServiceIds?: ReadonlySet<string>;
  userId: string;
  origin: string;
}) {
  const { t } = useTranslation('booking');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(wizardReducer, initial);
  const [now] = useState(() => new Date());
  const [location, setLocation] = useState(initialLocation);
  // The address's pin, landmark, floor and door (issue 42); the street is `location`, kept for a reload.
  const [addressExtras, setAddressExtras] = useState<Omit<AddressValue, 'location'>>(EMPTY_ADDRESS);
  const [showAddressErrors, setShowAddressErrors] = useState(false);
  const address: AddressValue = { ...addressExtras, location };
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<ReactNode>(null);
  /** One Idempotency-Key per attempt series: kept while retrying the same request after a network failure. */
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const cancelBooking = useCancelBooking();
  const [params, setParams] = useSearchParams();
  const routerLocation = useLocation();
  const urlStep = stepFromParam(params.get('step'));
  /** The step and the address's step at the last sync: which of the two moved since. */
  const synced = useRef<{ state: WizardStep; url: WizardStep | null } | null>(null);

  // The choices survive a reload (sessionStorage, this user and starting point only).
  useEffect(() => saveWizard(userId, origin, { state, location }), [userId, origin, state, location]);

  // Each step has its own address (?step=): the wizard moving pushes one; Back and Forward move the wizard.
  useEffect(() => {
    const previous = synced.current;
    synced.current = { state: state.step, url: urlStep };
    if (urlStep === state.step) return;
    const addressMoved = previous !== null && urlStep !== previous.url && state.step === previous.state;
    if (addressMoved && urlStep !== null && canShowStep(state, urlStep)) {
      // Back from the payment screen lets the unpaid booking go, as the Back button does.
      if (urlStep < state.step && state.phase === 'payment' && state.booking) cancelBooking.mutate({ id: state.booking.id });
      setCreateError(null);
      dispatch({ type: 'showStep', step: urlStep });
      return;
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('step', stepParam(state.step));
        return next;
      },
      // The first address and one the wizard cannot show are corrected in place; a move is a new entry.
      { replace: previous === null || addressMoved, state: routerLocation.state as unknown },
    );
    // Only a change of either step matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.step, urlStep]);

  const service = useService(state.serviceId);
  // The add-ons come with the chosen service: when it cannot be read, a toast titled Error says so (SPEC §8).
  const addOnsFailed = service.isError;
  useEffect(() => {
    if (addOnsFailed) toast.error(t('errors.addOnsTitle'), { description: t('errors.addOns') });
  }, [addOnsFailed, t]);
  const cities = useCities();
  const boroughs = useBoroughs(state.citySlug === 'casablanca' ? state.citySlug : null);
  const city = cities.data?.find((c) => c.id === state.cityId);
  const borough = boroughs.data?.find((b) => b.id === state.boroughId);

  const quoteRequest = useMemo<QuoteRequest | null>(
    () =>
      state.step === STEP.confirm && state.serviceId && state.cityId
        ? { serviceTypeId: state.serviceId, cityId: state.cityId, boroughId: state.boroughId, addOnIds: state.addOnIds }
        : null,
    [state.step, state.serviceId, state.cityId, state.boroughId, state.addOnIds],
  );
  const quote = useQuote(quoteRequest);
  // Promo code and referral credit (docs/promos.md): shown by the entity, checked again by the server.
  const [promoCode, setPromoCode] = useState<string | undefined>(undefined);
  // The optional "Repeat" (docs/recurring.md "From the wizard"): the series is made once the booking is paid.
  const [repeat, setRepeat] = useState<RepeatValue>(NO_REPEAT);
  const [showRepeatErrors, setShowRepeatErrors] = useState(false);
  const promoChoice = useMemo(() => (quoteRequest ? { wizard: quoteRequest } : null), [quoteRequest]);

  const assignmentRequest = useMemo<AssignmentPreviewRequest | null>(
    () =>
      state.step === STEP.professional && state.serviceId && state.cityId && state.date && state.startTime && state.endTime
        ? {
            serviceTypeId: state.serviceId,
            cityId: state.cityId,
            boroughId: state.boroughId,
            date: state.date,
            startTime: state.startTime,
            endTime: state.endTime,
          }
        : null,
    [state.step, state.serviceId, state.cityId, state.boroughId, state.date, state.startTime, state.endTime],
  );

  function chooseAnotherTime() {
    setCreateError(null);
    dispatch({ type: 'goTo', step: STEP.schedule });
  }

  function errorMessage(error: unknown): ReactNode {
    if (isApiError(error, 'SLOT_TAKEN') || isApiError(error, 'NO_PROFESSIONAL_AVAILABLE')) {
      return (
        <div className="space-y-3">
          <p>{t(isApiError(error, 'SLOT_TAKEN') ? 'errors.SLOT_TAKEN' : 'errors.NO_PROFESSIONAL_AVAILABLE')}</p>
          <Button variant="secondary" onClick={chooseAnotherTime}>
            {t('wizard.professional.changeTime')}
          </Button>
        </div>
      );
    }
    // SPEC §5 and §8: signed out meanwhile, "Authentication Required"; any other refusal, "Booking Failed".
    if (isApiError(error, 'PROMO_CODE_INVALID')) return error.message;
    if (isApiError(error) && error.isUnauthorized) return <TitledError title={t('errors.authRequired')} text={t('errors.loginToCreate')} />;
    if (isApiError(error) && error.isNetwork) return tc('errors.api.network');
    return <TitledError title={t('errors.bookingFailed')} text={t('errors.createFailed')} />;
  }

  /** POST /api/bookings with an Idempotency-Key; a retry of the same choice after a network failure reuses it. */
  async function create(): Promise<string> {
    const planned = createRequestOf(state, address);
    if (!planned) throw new Error('incomplete wizard');
    // The "Repeat" goes with the booking: the server keeps it and makes the series once it is paid.
    const repeatChoice = repeatRequestOf(repeat);
    const request = { ...planned, ...(promoCode ? { promoCode } : {}), ...(repeatChoice ? { repeat: repeatChoice } : {}) };
    const body = JSON.stringify(request);
    if (!attempt.current || attempt.current.body !== body) attempt.current = { key: newIdempotencyKey(), body };
    try {
      const booking = await createBooking(request, attempt.current.key);
      attempt.current = null;
      dispatch({ type: 'bookingCreated', booking: { id: booking.id, reference: booking.reference, total: booking.amounts.total } });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      return booking.id;
    } catch (error) {
      // The server remembers a refusal under the key: only a request that got no answer is retried with it.
      if (!(isApiError(error) && (error.isNetwork || error.status >= 500))) attempt.current = null;
      setCreateError(errorMessage(error));
      throw error;
    }
  }

  async function confirm() {
    setCreateError(null);
    // The street address is required, and a pin must be inside the city (shown next to the fields).
    if (Object.keys(addressErrors(address, city?.area ?? null)).length > 0) {
      setShowAddressErrors(true);
      return;
    }
    if (Object.keys(repeatErrors(repeat)).length > 0) {
      setShowRepeatErrors(true);
      return;
    }
    setCreating(true);
    try {
      await create();
    } catch {
      // shown by create()
    } finally {
      setCreating(false);
    }
  }

  function leavePayment() {
    // The unpaid booking holds the professional's time: let it go before the customer changes anything.
    if (state.booking) cancelBooking.mutate({ id: state.booking.id });
    setCreateError(null);
    dispatch({ type: 'back' });
  }

  function bookAnother() {
    dispatch({ type: 'reset' });
    setLocation('');
    setAddressExtras(EMPTY_ADDRESS);
    void navigate(paths.bookService(), { replace: true });
  }

  const cityName = city ? pickLocalized(city.name, language) : '';
  const boroughName = borough ? pickLocalized(borough.name, language) : null;

  return (
    <div className={`mt-4 space-y-6 ${state.step === STEP.service || state.step === STEP.city || state.step === STEP.done ? '' : ACTION_BAR_SPACE}`}>
      <WizardProgress step={state.step} />
      {state.step === STEP.city ? (
        <Button variant="ghost" className="-ms-3" onClick={() => dispatch({ type: 'back' })}>
          <DirectionalIcon icon={ArrowLeft} className="size-4" />
          {t('actions.back')}
        </Button>
      ) : null}

      {state.step === STEP.service ? (
        <ServiceStep
          selectedId={state.serviceId}
          allowedIds={allowedServiceIds}
          city={city ? { slug: city.slug, name: pickLocalized(city.name, language) } : null}
          onSelect={(id) => dispatch({ type: 'selectService', serviceId: id })}
        />
      ) : state.step === STEP.city ? (
        <CityStep
          serviceId={state.serviceId}
          cityId={state.cityId}
          citySlug={state.citySlug}
          boroughId={state.boroughId}
          onSelectCity={(c) => dispatch({ type: 'selectCity', cityId: c.id, citySlug: c.slug })}
          onSelectBorough={(id) => dispatch({ type: 'selectBorough', boroughId: id })}
        />
      ) : state.step === STEP.schedule ? (
        <ScheduleStep
          date={state.date}
          startTime={state.startTime}
          endTime={state.endTime}
          now={now}
          onDate={(date) => dispatch({ type: 'setDate', date })}
          onStartTime={(startTime) => dispatch({ type: 'setStartTime', startTime })}
          onEndTime={(endTime) => dispatch({ type: 'setEndTime', endTime })}
          onBack={() => dispatch({ type: 'back' })}
          onContinue={() => dispatch({ type: 'next' })}
        />
      ) : state.step === STEP.professional && assignmentRequest ? (
        <ProfessionalStep
          request={assignmentRequest}
          onBack={() => dispatch({ type: 'back' })}
          onContinue={(professional) => {
            dispatch({ type: 'assigned', professional });
            dispatch({ type: 'next' });
          }}
          onPickAlternative={(slot) => dispatch({ type: 'pickAlternative', ...slot })}
        />
      ) : state.step === STEP.confirm && state.phase === 'review' ? (
        <ConfirmStep
          state={state}
          service={service.data}
          cityName={cityName}
          boroughName={boroughName}
          quote={quote.data}
          quoteStale={quote.isPlaceholderData}
          quoteError={quote.isError}
          address={address}
          area={city?.area ?? null}
          showAddressErrors={showAddressErrors}
          onAddress={({ location: street, ...extras }) => {
            setLocation(street);
            setAddressExtras(extras);
          }}
          creating={creating}
          error={createError}
          onToggleAddOn={(id) => dispatch({ type: 'toggleAddOn', addOnId: id })}
          onDescription={(text) => dispatch({ type: 'setDescription', description: text })}
          onBack={() => dispatch({ type: 'back' })}
          onConfirm={() => void confirm()}
          promo={<PromoCodeField choice={promoChoice} applied={promoCode} onApplied={setPromoCode} disabled={creating} />}
          repeat={<RepeatChoice value={repeat} onChange={setRepeat} quote={quote.data} showErrors={showRepeatErrors} disabled={creating} />}
        />
      ) : state.step === STEP.confirm ? (
        <div className="space-y-4">
          {createError ? (
            <div role="alert" className="rounded-card border border-cancelled/30 bg-cancelled-soft p-4 text-sm font-medium text-cancelled">
              {createError}
            </div>
          ) : null}
          <PaymentScreen
            amount={state.booking?.total ?? quote.data?.total ?? null}
            prepare={() => (state.booking ? Promise.resolve(state.booking.id) : create())}
            onPaid={() => dispatch({ type: 'paid' })}
            onFailed={() => dispatch({ type: 'bookingDiscarded' })}
            onBack={leavePayment}
          />
        </div>
      ) : state.step === STEP.done && state.booking ? (
        <DoneStep bookingId={state.booking.id} reference={state.booking.reference} professionalName={state.professional?.firstName ?? null} onBookAnother={bookAnother} />
      ) : null}
    </div>
  );
}

function TitledError({ title, text }: { title: string; text: string }) {
  return (
    <>
      <p className="font-bold">{title}</p>
      <p className="mt-1 font-normal">{text}</p>
    </>
  );
}

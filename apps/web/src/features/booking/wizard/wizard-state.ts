/**
 * The book-service wizard's state (docs/bookings.md Book-service wizard, §4 Booking wizard, §5 date and time):
 * a pure reducer, so every rule (auto-advance, clamping, what a change clears) is unit-tested.
 *
 * Step order. docs/bookings.md lists 1 service, 2 city, 3 professional assignment, 4 date and time, 5 confirm,
 * 6 done. Khedma's assignment is real (docs/bookings.md): the server picks a professional who is free
 * *at that time*, so it needs the date and times first. The wizard therefore asks for the date and
 * time as step 3 and shows the assigned professional as step 4 (see WIZARD_STEPS); every other rule
 * of the spec is kept, including "a preselected professional jumps straight to the date and time".
 */
import { defaultEndTime, timeToMinutes, type LocalTime } from '@khedma/shared';

export const WIZARD_STEP_COUNT = 6;
export type WizardStep = 1 | 2 | 3 | 4 | 5 | 6;

/** What each step asks (the progress bar's labels). */
export const WIZARD_STEPS = ['service', 'city', 'schedule', 'professional', 'confirm', 'done'] as const;
export type WizardStepName = (typeof WIZARD_STEPS)[number];

export const STEP = {
  service: 1,
  city: 2,
  schedule: 3,
  professional: 4,
  confirm: 5,
  done: 6,
} as const satisfies Record<WizardStepName, WizardStep>;

/** The step counter is clamped to 1..6 whatever it is asked to show (docs/bookings.md). */
export function clampStep(step: number): WizardStep {
  if (!Number.isFinite(step)) return 1;
  return Math.min(WIZARD_STEP_COUNT, Math.max(1, Math.trunc(step))) as WizardStep;
}

/** Progress bar fill, 0-100. */
export function progressPercent(step: number): number {
  return Math.round((clampStep(step) / WIZARD_STEP_COUNT) * 100);
}

export interface WizardProfessional {
  id: string;
  firstName: string;
  /** null: "No reviews yet". */
  rating: number | null;
  reviewsCount: number;
  jobsDone: number;
}

export interface WizardState {
  step: WizardStep;
  serviceId: string | null;
  cityId: string | null;
  citySlug: string | null;
  /** Casablanca only; null with `boroughSkipped` when the customer did not narrow it down. */
  boroughId: string | null;
  /** 'YYYY-MM-DD' on the Casablanca calendar; '' until chosen. */
  date: string;
  startTime: LocalTime | '';
  endTime: LocalTime | '';
  /** The customer picked an end time: a new start time no longer moves it (unless it became invalid). */
  endTimeTouched: boolean;
  addOnIds: string[];
  description: string;
  /** The assigned professional (step 4), or the preselected one. */
  professional: WizardProfessional | null;
  /** Came from "Book again" or the professionals finder: keep this professional, skip the assignment. */
  preselected: boolean;
  /** Step 5: reviewing, then paying for the created booking. */
  phase: 'review' | 'payment';
  /** The created booking; `total` is what the server will charge. */
  booking: { id: string; reference: string; total: number } | null;
}

export const initialWizardState: WizardState = {
  step: 1,
  serviceId: null,
  cityId: null,
  citySlug: null,
  boroughId: null,
  date: '',
  startTime: '',
  endTime: '',
  endTimeTouched: false,
  addOnIds: [],
  description: '',
  professional: null,
  preselected: false,
  phase: 'review',
  booking: null,
};

/** Cities whose boroughs are asked for (docs/bookings.md: boroughs apply only to Casablanca). */
export const BOROUGH_CITY_SLUG = 'casablanca';
export const cityHasBoroughs = (slug: string | null | undefined) => slug === BOROUGH_CITY_SLUG;

export type WizardAction =
  /** Step 1: choosing a service advances to the city (docs/bookings.md: automatic). */
  | { type: 'selectService'; serviceId: string }
  /** Step 2: choosing a city advances, except Casablanca, which asks for the borough first. */
  | { type: 'selectCity'; cityId: string; citySlug: string }
  /** Casablanca's borough (null: anywhere in the city); advances. */
  | { type: 'selectBorough'; boroughId: string | null }
  | { type: 'setDate'; date: string }
  | { type: 'setStartTime'; startTime: LocalTime | '' }
  | { type: 'setEndTime'; endTime: LocalTime | '' }
  /** Step 4: the server's assignment answer (null: nobody, or not asked yet). */
  | { type: 'assigned'; professional: WizardProfessional | null }
  /** Step 4, nobody free: take one of the server's alternative times (back to step 4 with them). */
  | { type: 'pickAlternative'; date: string; startTime: LocalTime; endTime: LocalTime }
  | { type: 'toggleAddOn'; addOnId: string }
  | { type: 'setDescription'; description: string }
  | { type: 'goTo'; step: number }
  | { type: 'next' }
  | { type: 'back' }
  /** Step 5: the booking exists (pending, unpaid); the payment screen shows. */
  | { type: 'bookingCreated'; booking: { id: string; reference: string; total: number } }
  /** The payment failed and the server cancelled the booking: the next attempt creates a new one. */
  | { type: 'bookingDiscarded' }
  /** Paid: step 6. */
  | { type: 'paid' }
  /** Book Another Service. */
  | { type: 'reset' }
  /** Restores the state from the URL and navigation state on arrival. */
  | { type: 'init'; state: WizardState }
  /** The address changed (browser Back or Forward): show that step when its choices allow it. */
  | { type: 'showStep'; step: WizardStep };

/** Anything that changes who could take the job forgets the previous assignment (unless preselected). */
function withoutAssignment(state: WizardState): WizardState {
  return state.preselected ? state : { ...state, professional: null };
}

/** Leaving the payment screen for an earlier step: the unpaid booking is left behind (the server lets it lapse). */
function leavePayment(state: WizardState): WizardState {
  return state.phase === 'payment' ? { ...state, phase: 'review', booking: null } : state;
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'selectService': {
      const changed = action.serviceId !== state.serviceId;
      const next: WizardState = {
        ...state,
        serviceId: action.serviceId,
        // Add-ons belong to one service.
        addOnIds: changed ? [] : state.addOnIds,
        // A preselected professional already fixes the city: straight to the date and time.
        step: state.preselected && state.cityId ? STEP.schedule : STEP.city,
      };
      return changed ? withoutAssignment(next) : next;
    }
    case 'selectCity': {
      const changed = action.cityId !== state.cityId;
      const next: WizardState = {
        ...state,
        cityId: action.cityId,
        citySlug: action.citySlug,
        // Changing the city clears the borough (docs/bookings.md).
        boroughId: changed ? null : state.boroughId,
        step: cityHasBoroughs(action.citySlug) ? STEP.city : STEP.schedule,
      };
      return changed ? withoutAssignment(next) : next;
    }
    case 'selectBorough':
      return withoutAssignment({ ...state, boroughId: action.boroughId, step: STEP.schedule });
    case 'setDate':
      return withoutAssignment({ ...state, date: action.date });
    case 'setStartTime': {
      const { startTime } = action;
      let endTime = state.endTime;
      // The end defaults to start + 1 h (docs/bookings.md), and follows the start until the customer picks one,
      // or when the chosen end is no longer after the start.
      if (startTime && (!state.endTimeTouched || !endTime || timeToMinutes(endTime) <= timeToMinutes(startTime))) {
        endTime = defaultEndTime(startTime);
      }
      return withoutAssignment({
        ...state,
        startTime,
        endTime,
        endTimeTouched: state.endTimeTouched && endTime === state.endTime,
      });
    }
    case 'setEndTime':
      return withoutAssignment({ ...state, endTime: action.endTime, endTimeTouched: true });
    case 'assigned':
      return { ...state, professional: action.professional };
    case 'pickAlternative':
      return {
        ...state,
        date: action.date,
        startTime: action.startTime,
        endTime: action.endTime,
        endTimeTouched: true,
        professional: null,
      };
    case 'toggleAddOn': {
      const has = state.addOnIds.includes(action.addOnId);
      return { ...state, addOnIds: has ? state.addOnIds.filter((id) => id !== action.addOnId) : [...state.addOnIds, action.addOnId] };
    }
    case 'setDescription':
      return { ...state, description: action.description };
    case 'goTo': {
      // Only back to a step already reached; step 6 is reached by paying, never by navigation.
      const target = clampStep(action.step);
      if (state.step === STEP.done || target >= state.step) return state;
      return leavePayment({ ...state, step: target });
    }
    case 'next':
      if (state.step >= STEP.confirm) return state;
      if (state.step === STEP.schedule) return { ...state, step: stepAfterSchedule(state) };
      return { ...state, step: clampStep(state.step + 1) };
    case 'back': {
      if (state.step === STEP.done) return state;
      if (state.phase === 'payment') return leavePayment(state);
      // A preselected professional fixes the city and skips step 4: back from 5 lands on the date
      // and time, and back from the date and time on the service.
      const previous = !state.preselected
        ? state.step - 1
        : state.step === STEP.confirm
          ? STEP.schedule
          : state.step === STEP.schedule
            ? STEP.service
            : state.step - 1;
      return { ...state, step: clampStep(previous) };
    }
    case 'bookingCreated':
      return { ...state, phase: 'payment', booking: action.booking };
    case 'bookingDiscarded':
      return { ...state, booking: null };
    case 'paid':
      return state.booking ? { ...state, step: STEP.done } : state;
    case 'reset':
      return initialWizardState;
    case 'init':
      return action.state;
    case 'showStep':
      if (action.step === state.step || !canShowStep(state, action.step)) return state;
      return action.step < state.step ? leavePayment({ ...state, step: action.step }) : { ...state, step: action.step };
  }
}

/**
 * Whether a step can be shown with the choices made (browser Back and Forward, a reload; issue 22):
 * any earlier step, and a later one whose earlier questions are answered. The done step is reached
 * by paying only, and nothing leaves it; a preselected professional skips the assignment.
 */
export function canShowStep(state: WizardState, step: WizardStep): boolean {
  if (state.step === STEP.done || step === STEP.done) return false;
  if (step <= state.step) return !(state.preselected && step === STEP.professional) && !(state.preselected && step === STEP.city);
  const scheduled = Boolean(state.date && state.startTime && state.endTime);
  switch (step) {
    case STEP.city:
      return Boolean(state.serviceId) && !state.preselected;
    case STEP.schedule:
      return Boolean(state.serviceId && state.cityId);
    case STEP.professional:
      return Boolean(state.serviceId && state.cityId && scheduled) && !state.preselected;
    case STEP.confirm:
      return Boolean(state.serviceId && state.cityId && scheduled && state.professional);
    default:
      return true;
  }
}

/**
 * Where the wizard starts, from the URL (?service=&addons=&city=) and a preselected professional.
 * `city` is the professional's city, or else the served city chosen on the service page.
 */
export function initialStateFrom(input: {
  serviceId?: string | null;
  addOnIds?: readonly string[];
  city?: { id: string; slug: string } | null;
  professional?: WizardProfessional | null;
}): WizardState {
  const { serviceId, addOnIds = [], city, professional } = input;
  const base: WizardState = { ...initialWizardState };
  if (professional && city) {
    // "With a preselected professional the data is prefilled and the wizard jumps to" the date and
    // time; without a service (a professional offering several), the service is asked first.
    return {
      ...base,
      serviceId: serviceId ?? null,
      addOnIds: serviceId ? [...new Set(addOnIds)] : [],
      cityId: city.id,
      citySlug: city.slug,
      professional,
      preselected: true,
      step: serviceId ? STEP.schedule : STEP.service,
    };
  }
  const withCity = (state: WizardState) =>
    // As if the customer had chosen it: past the city, except Casablanca, which still asks for the borough.
    city ? wizardReducer(state, { type: 'selectCity', cityId: city.id, citySlug: city.slug }) : state;
  // Without a service the city waits, chosen, on its step (selectService moves there).
  if (!serviceId) return city ? { ...withCity(base), step: STEP.service } : base;
  return withCity({ ...base, serviceId, addOnIds: [...new Set(addOnIds)], step: STEP.city });
}

/** Parses ?addons=<id,id>: unique, non-empty ids. */
export function parseAddOnsParam(value: string | null): string[] {
  if (!value) return [];
  return [...new Set(value.split(',').map((s) => s.trim()).filter(Boolean))];
}

/** The step after the date and time: the preselected professional skips the assignment. */
export function stepAfterSchedule(state: WizardState): WizardStep {
  return state.preselected ? STEP.confirm : STEP.professional;
}

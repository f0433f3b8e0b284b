import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canShowStep, initialWizardState, STEP, wizardReducer, type WizardAction, type WizardState } from './wizard-state';
import { loadWizard, saveWizard, stepFromParam, stepParam, WIZARD_STORAGE_KEY } from './wizard-storage';

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);
const atSchedule = run(
  initialWizardState,
  { type: 'selectService', serviceId: 's1' },
  { type: 'selectCity', cityId: 'rabat', citySlug: 'rabat' },
  { type: 'setDate', date: '2026-12-01' },
  { type: 'setStartTime', startTime: '10:00' },
);

// Issue 22 item 2: each step has its own address; Back and Forward move between steps, a reload keeps the choices.
describe('the step in the address', () => {
  it('names each step and reads only known names', () => {
    expect(stepParam(STEP.schedule)).toBe('schedule');
    expect(stepFromParam('city')).toBe(STEP.city);
    expect(stepFromParam('done')).toBe(STEP.done);
    expect(stepFromParam('nope')).toBeNull();
    expect(stepFromParam(null)).toBeNull();
  });

  it('Back to an earlier step keeps every choice; Forward returns to a step whose questions are answered', () => {
    expect(atSchedule.step).toBe(STEP.schedule);
    const back = run(atSchedule, { type: 'showStep', step: STEP.city });
    expect(back).toMatchObject({ step: STEP.city, serviceId: 's1', cityId: 'rabat', date: '2026-12-01', startTime: '10:00', endTime: '11:00' });
    expect(run(back, { type: 'showStep', step: STEP.schedule })).toMatchObject({ step: STEP.schedule, date: '2026-12-01' });
    // Not past an unanswered question: the assignment and the confirmation need the professional.
    expect(canShowStep(back, STEP.professional)).toBe(true);
    expect(canShowStep(back, STEP.confirm)).toBe(false);
    expect(run(back, { type: 'showStep', step: STEP.confirm }).step).toBe(STEP.city);
    expect(canShowStep(initialWizardState, STEP.city)).toBe(false);
  });

  it('never reaches Done by navigation, nor leaves it', () => {
    expect(canShowStep(atSchedule, STEP.done)).toBe(false);
    const done = { ...atSchedule, step: STEP.done } as WizardState;
    expect(run(done, { type: 'showStep', step: STEP.confirm }).step).toBe(STEP.done);
  });

  it('leaving the payment screen by Back forgets the unpaid booking (as the Back button does)', () => {
    const paying: WizardState = { ...atSchedule, step: STEP.confirm, professional: { id: 'p', firstName: 'Y', rating: null, reviewsCount: 0, jobsDone: 0 }, phase: 'payment', booking: { id: 'b', reference: 'AB12CD34', total: 200 } };
    expect(run(paying, { type: 'showStep', step: STEP.professional })).toMatchObject({ step: STEP.professional, phase: 'review', booking: null });
  });
});

describe('saved choices (sessionStorage)', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    (globalThis as { window?: unknown }).window = {
      sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    };
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('come back for the same user and starting point only', () => {
    saveWizard('u1', '|s1|', { state: atSchedule, location: 'Rue 5' });
    expect(loadWizard('u1', '|s1|')).toEqual({ state: atSchedule, location: 'Rue 5' });
    expect(loadWizard('u2', '|s1|')).toBeNull();
    expect(loadWizard('u1', '|s2|')).toBeNull();
  });

  it('ignore anything malformed', () => {
    store.set(WIZARD_STORAGE_KEY, '{not json');
    expect(loadWizard('u1', '|s1|')).toBeNull();
    store.set(WIZARD_STORAGE_KEY, JSON.stringify({ v: 1, userId: 'u1', origin: '|s1|', state: { ...atSchedule, step: 9 }, location: '' }));
    expect(loadWizard('u1', '|s1|')).toBeNull();
    store.set(WIZARD_STORAGE_KEY, JSON.stringify({ v: 1, userId: 'u1', origin: '|s1|', state: { ...atSchedule, addOnIds: [1] }, location: '' }));
    expect(loadWizard('u1', '|s1|')).toBeNull();
  });
});

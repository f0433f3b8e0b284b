import { describe, expect, it } from 'vitest';
import {
  clampStep,
  initialStateFrom,
  initialWizardState,
  parseAddOnsParam,
  progressPercent,
  STEP,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './wizard-state';

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);
const pro = { id: 'p1', firstName: 'Youssef', rating: 4.8, reviewsCount: 12, jobsDone: 30 };

describe('step counter', () => {
  it('is clamped to 1..6', () => {
    expect(clampStep(0)).toBe(1);
    expect(clampStep(-3)).toBe(1);
    expect(clampStep(7)).toBe(6);
    expect(clampStep(3.7)).toBe(3);
    expect(clampStep(Number.NaN)).toBe(1);
    expect(progressPercent(3)).toBe(50);
    expect(progressPercent(99)).toBe(100);
  });
});

describe('auto-advance (SPEC §2)', () => {
  it('moves to the city when a service is chosen, and to the date when a city is chosen', () => {
    const s = run(initialWizardState, { type: 'selectService', serviceId: 's1' });
    expect(s.step).toBe(STEP.city);
    const t = run(s, { type: 'selectCity', cityId: 'rabat', citySlug: 'rabat' });
    expect(t.step).toBe(STEP.schedule);
  });

  it('asks for the borough in Casablanca, then moves on', () => {
    const s = run(initialWizardState, { type: 'selectService', serviceId: 's1' }, { type: 'selectCity', cityId: 'casa', citySlug: 'casablanca' });
    expect(s.step).toBe(STEP.city);
    expect(run(s, { type: 'selectBorough', boroughId: 'maarif' })).toMatchObject({ step: STEP.schedule, boroughId: 'maarif' });
    expect(run(s, { type: 'selectBorough', boroughId: null })).toMatchObject({ step: STEP.schedule, boroughId: null });
  });

  it('clears the borough when the city changes (SPEC §4)', () => {
    const s = run(
      initialWizardState,
      { type: 'selectService', serviceId: 's1' },
      { type: 'selectCity', cityId: 'casa', citySlug: 'casablanca' },
      { type: 'selectBorough', boroughId: 'maarif' },
      { type: 'back' },
      { type: 'selectCity', cityId: 'rabat', citySlug: 'rabat' },
    );
    expect(s.boroughId).toBeNull();
  });

  it('drops the add-ons of a previous service', () => {
    const s = run(initialStateFrom({ serviceId: 's1', addOnIds: ['a1'] }), { type: 'back' }, { type: 'selectService', serviceId: 's2' });
    expect(s.addOnIds).toEqual([]);
    const same = run(initialStateFrom({ serviceId: 's1', addOnIds: ['a1'] }), { type: 'back' }, { type: 'selectService', serviceId: 's1' });
    expect(same.addOnIds).toEqual(['a1']);
  });
});

describe('date and times (SPEC §5)', () => {
  it('defaults the end to start + 1 h and follows the start until an end is picked', () => {
    let s = run(initialWizardState, { type: 'setStartTime', startTime: '10:00' });
    expect(s.endTime).toBe('11:00');
    s = run(s, { type: 'setStartTime', startTime: '14:30' });
    expect(s.endTime).toBe('15:30');
    s = run(s, { type: 'setEndTime', endTime: '17:00' });
    s = run(s, { type: 'setStartTime', startTime: '15:00' });
    expect(s.endTime).toBe('17:00');
    // A start at or after the chosen end moves the end again.
    s = run(s, { type: 'setStartTime', startTime: '17:00' });
    expect(s.endTime).toBe('18:00');
    expect(s.endTimeTouched).toBe(false);
  });

  it('forgets the assigned professional when the time changes', () => {
    const s = run({ ...initialWizardState, step: STEP.professional, professional: pro }, { type: 'setDate', date: '2026-12-01' });
    expect(s.professional).toBeNull();
  });

  it('takes an alternative time offered when nobody is free', () => {
    const s = run({ ...initialWizardState, step: STEP.professional }, { type: 'pickAlternative', date: '2026-12-02', startTime: '09:00', endTime: '10:30' });
    expect(s).toMatchObject({ step: STEP.professional, date: '2026-12-02', startTime: '09:00', endTime: '10:30', professional: null });
  });
});

describe('navigation', () => {
  it('goes back only to steps already reached, never forward by goTo', () => {
    const s = { ...initialWizardState, step: STEP.confirm } as WizardState;
    expect(run(s, { type: 'goTo', step: 3 }).step).toBe(3);
    expect(run({ ...s, step: 2 }, { type: 'goTo', step: 5 }).step).toBe(2);
  });

  it('walks 3 -> 4 -> 5 with next, and stops at 5 (step 6 needs a payment)', () => {
    let s: WizardState = { ...initialWizardState, step: STEP.schedule };
    s = run(s, { type: 'next' });
    expect(s.step).toBe(STEP.professional);
    s = run(s, { type: 'assigned', professional: pro }, { type: 'next' });
    expect(s.step).toBe(STEP.confirm);
    expect(run(s, { type: 'next' }).step).toBe(STEP.confirm);
    expect(run(s, { type: 'paid' }).step).toBe(STEP.confirm);
  });

  it('reaches step 6 after the booking is created and paid, and resets', () => {
    const s = run(
      { ...initialWizardState, step: STEP.confirm },
      { type: 'bookingCreated', booking: { id: 'b1', reference: 'B1B1B1B1', total: 173 } },
    );
    expect(s.phase).toBe('payment');
    const done = run(s, { type: 'paid' });
    expect(done.step).toBe(STEP.done);
    expect(run(done, { type: 'back' }).step).toBe(STEP.done);
    expect(run(done, { type: 'reset' })).toEqual(initialWizardState);
  });

  it('leaves the payment screen for the review, forgetting the unpaid booking', () => {
    const s = run(
      { ...initialWizardState, step: STEP.confirm },
      { type: 'bookingCreated', booking: { id: 'b1', reference: 'B1B1B1B1', total: 173 } },
      { type: 'back' },
    );
    expect(s).toMatchObject({ step: STEP.confirm, phase: 'review', booking: null });
  });

  it('keeps the payment screen after a failed payment, without the cancelled booking', () => {
    const s = run(
      { ...initialWizardState, step: STEP.confirm },
      { type: 'bookingCreated', booking: { id: 'b1', reference: 'B1B1B1B1', total: 173 } },
      { type: 'bookingDiscarded' },
    );
    expect(s).toMatchObject({ phase: 'payment', booking: null });
  });
});

describe('starting points', () => {
  it('?service= preselects the service and starts at the city; ?addons= pre-checks add-ons', () => {
    const s = initialStateFrom({ serviceId: 's1', addOnIds: ['a1', 'a2', 'a1'] });
    expect(s).toMatchObject({ step: STEP.city, serviceId: 's1', addOnIds: ['a1', 'a2'] });
    expect(parseAddOnsParam(' a1, ,a2,a1 ')).toEqual(['a1', 'a2']);
    expect(parseAddOnsParam(null)).toEqual([]);
  });

  it('a preselected professional prefills and jumps to the date and time, and skips the assignment', () => {
    const s = initialStateFrom({ serviceId: 's1', professional: pro, city: { id: 'casa', slug: 'casablanca' } });
    expect(s).toMatchObject({ step: STEP.schedule, preselected: true, cityId: 'casa', professional: pro });
    const next = run(s, { type: 'next' });
    expect(next.step).toBe(STEP.confirm);
    expect(next.professional).toEqual(pro);
    expect(run(next, { type: 'back' }).step).toBe(STEP.schedule);
    // Changing the time keeps the chosen professional.
    expect(run(s, { type: 'setStartTime', startTime: '09:00' }).professional).toEqual(pro);
  });

  it('a preselected professional without a service asks for it, then goes to the date', () => {
    const s = initialStateFrom({ professional: pro, city: { id: 'casa', slug: 'casablanca' } });
    expect(s.step).toBe(STEP.service);
    expect(run(s, { type: 'selectService', serviceId: 's1' }).step).toBe(STEP.schedule);
  });

  it('?city= from the service page is chosen as if picked: on to the date and time, and back shows it', () => {
    const s = initialStateFrom({ serviceId: 's1', addOnIds: ['a1'], city: { id: 'rabat-id', slug: 'rabat' } });
    expect(s).toMatchObject({ step: STEP.schedule, serviceId: 's1', addOnIds: ['a1'], cityId: 'rabat-id', citySlug: 'rabat', preselected: false });
    expect(s).toEqual(run(initialStateFrom({ serviceId: 's1', addOnIds: ['a1'] }), { type: 'selectCity', cityId: 'rabat-id', citySlug: 'rabat' }));
    expect(run(s, { type: 'back' })).toMatchObject({ step: STEP.city, cityId: 'rabat-id' });
    // Not a preselected professional: the assignment is still asked.
    expect(run(s, { type: 'next' }).step).toBe(STEP.professional);
  });

  it('?city=casablanca is chosen, and the borough is still asked', () => {
    const s = initialStateFrom({ serviceId: 's1', city: { id: 'casa', slug: 'casablanca' } });
    expect(s).toMatchObject({ step: STEP.city, cityId: 'casa', citySlug: 'casablanca', boroughId: null });
    expect(run(s, { type: 'selectBorough', boroughId: 'maarif' }).step).toBe(STEP.schedule);
  });

  it('?city= without a service: the service is asked first, the city stays chosen', () => {
    const s = initialStateFrom({ city: { id: 'rabat-id', slug: 'rabat' } });
    expect(s).toMatchObject({ step: STEP.service, serviceId: null, cityId: 'rabat-id' });
    expect(run(s, { type: 'selectService', serviceId: 's1' })).toMatchObject({ step: STEP.city, cityId: 'rabat-id' });
  });
});

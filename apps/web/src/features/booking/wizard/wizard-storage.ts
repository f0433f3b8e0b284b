/**
 * The wizard's choices kept for this tab (sessionStorage), so a reload or the browser's Back and Forward
 * find them again (issue 22). Saved under the signed-in user's id and the wizard's starting point, and read
 * back only when both match and the shape checks out: another account in the same tab, or another
 * "Book This Service", starts fresh. The step itself lives in the address (?step=).
 */
import { WIZARD_STEPS, type WizardState, type WizardStep } from './wizard-state';

export const WIZARD_STORAGE_KEY = 'khedma.bookingWizard';

type Check = (v: unknown) => boolean;
const str = (max: number): Check => (v) => typeof v === 'string' && v.length <= max;
const id: Check = (v) => typeof v === 'string' && v.length > 0 && v.length <= 100;
const nullable = (c: Check): Check => (v) => v === null || c(v);
const pattern = (re: RegExp): Check => (v) => v === '' || (typeof v === 'string' && re.test(v));
const bool: Check = (v) => typeof v === 'boolean';
const num: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const shape =
  (fields: Record<string, Check>): Check =>
  (v) =>
    typeof v === 'object' && v !== null && Object.entries(fields).every(([k, c]) => c((v as Record<string, unknown>)[k]));

/** What a saved state must look like to be used (anything else in storage is ignored). */
const isState = shape({
  step: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 6,
  serviceId: nullable(id),
  cityId: nullable(id),
  citySlug: nullable(str(100)),
  boroughId: nullable(id),
  date: pattern(/^\d{4}-\d{2}-\d{2}$/),
  startTime: pattern(/^\d{2}:\d{2}$/),
  endTime: pattern(/^\d{2}:\d{2}$/),
  endTimeTouched: bool,
  addOnIds: (v) => Array.isArray(v) && v.length <= 50 && v.every(id),
  description: str(5000),
  professional: nullable(shape({ id, firstName: str(200), rating: nullable(num), reviewsCount: num, jobsDone: num })),
  preselected: bool,
  phase: (v) => v === 'review' || v === 'payment',
  booking: nullable(shape({ id, reference: str(20), total: num })),
});

const isSaved = shape({ v: (v) => v === 1, userId: str(200), origin: str(1000), state: isState, location: str(5000) });

export interface SavedWizard {
  state: WizardState;
  location: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage blocked: the wizard still works, it only forgets on reload
  }
}

/** The choices saved by this user for this starting point, or null. */
export function loadWizard(userId: string, origin: string): SavedWizard | null {
  try {
    const raw = storage()?.getItem(WIZARD_STORAGE_KEY);
    if (!raw) return null;
    const saved: unknown = JSON.parse(raw);
    if (!isSaved(saved)) return null;
    const { userId: owner, origin: from, state, location } = saved as { userId: string; origin: string; state: WizardState; location: string };
    if (owner !== userId || from !== origin) return null;
    return { state, location };
  } catch {
    return null;
  }
}

export function saveWizard(userId: string, origin: string, saved: SavedWizard): void {
  try {
    storage()?.setItem(WIZARD_STORAGE_KEY, JSON.stringify({ v: 1, userId, origin, state: saved.state, location: saved.location }));
  } catch {
    // full or blocked: nothing to do
  }
}

/** ?step=<name> of the address, or null when absent or unknown. */
export function stepFromParam(value: string | null): WizardStep | null {
  const index = value ? (WIZARD_STEPS as readonly string[]).indexOf(value) : -1;
  return index < 0 ? null : ((index + 1) as WizardStep);
}

export const stepParam = (step: WizardStep): string => WIZARD_STEPS[step - 1]!;

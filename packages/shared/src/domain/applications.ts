/**
 * Applying to become a professional (docs/professionals.md onboarding wizard, §4 Application, Phone verification,
 * Availability, Boroughs, §5, §9): the pure rules the wizard and the server share, with their limits.
 */
import { ACCOUNT_LIMITS } from './accounts';
import { BOOKING_LIMITS } from './booking-status';
import { AVAILABILITY_SLOTS, type AvailabilitySlot, availabilityFromFlags, hasAnyAvailability, toggleAvailabilitySlot, type AvailabilityFlags } from './schedule';
import { WEEKDAYS, isLocalDate, localDateOf, type LocalDate } from './time';

/** professional_applications.status. */
export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** Banks offered in onboarding . */
export const BANKS = [
  'Attijariwafa Bank',
  'Banque Populaire',
  'BMCE Bank',
  'Crédit Agricole du Maroc',
  'CIH Bank',
  'Banque Marocaine du Commerce Extérieur',
  'Société Générale Maroc',
  'Crédit du Maroc',
  'Al Barid Bank',
  'Other',
] as const;
export type Bank = (typeof BANKS)[number];

/** Years of experience an applicant may state (the wizard's select, the review's column). */
export const EXPERIENCE_YEARS = { min: 1, max: 30, default: 1 } as const;

/** The seven steps of /professional-onboarding, in order ("Step n of 7"). */
export const ONBOARDING_STEPS = ['phone', 'personal', 'area', 'services', 'availability', 'documents', 'final'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** "Step n of 7" and its percent, for a 1-based step number. */
export function onboardingProgress(stepNumber: number): { step: number; total: number; percent: number } {
  const total = ONBOARDING_STEPS.length;
  const step = Math.min(Math.max(Math.round(stepNumber), 1), total);
  return { step, total, percent: Math.round((step / total) * 100) };
}

// ---------------------------------------------------------------------------------------------
// Phone code life cycle (issue 24): the SMS code of step 1
// ---------------------------------------------------------------------------------------------

export const PHONE_CODE_RULES = {
  length: ACCOUNT_LIMITS.verificationCodeLength,
  /** A code is good for 10 minutes. */
  expirySeconds: 10 * 60,
  /** The third wrong try voids the code: even the right code is then refused. */
  maxWrongAttempts: 3,
  /** A new code to the same number no sooner than this. */
  resendAfterSeconds: 60,
  /** Codes to one number per hour, whoever asks (protects the owner of the number). */
  perPhonePerHour: 5,
  /** Codes asked from one client address per hour (several people may share an address). */
  perAddressPerHour: 20,
} as const;

// ---------------------------------------------------------------------------------------------
// Personal info: 18 or over
// ---------------------------------------------------------------------------------------------

/** Whole years between a date of birth and `today` (both YYYY-MM-DD); 29 February counts from 1 March in common years. */
export function ageOn(dateOfBirth: LocalDate, today: LocalDate): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

/** A real calendar date, not in the future, at least ACCOUNT_LIMITS.minimumAge years before `today` (Casablanca's date by default). */
export function isAdultOn(dateOfBirth: string, today: LocalDate = localDateOf(new Date())): boolean {
  if (!isLocalDate(dateOfBirth) || !isRealDate(dateOfBirth)) return false;
  if (dateOfBirth > today || dateOfBirth < '1900-01-01') return false;
  return ageOn(dateOfBirth, today) >= ACCOUNT_LIMITS.minimumAge;
}

/** The latest date of birth allowed today (the date field's max). */
export const latestAdultBirthDate = (today: LocalDate = localDateOf(new Date())): LocalDate => {
  const [y, m, d] = today.split('-') as [string, string, string];
  const candidate = `${String(Number(y) - ACCOUNT_LIMITS.minimumAge).padStart(4, '0')}-${m}-${d}`;
  // 29 February of a leap year, 18 years on, is not a date: the day before 1 March is.
  return isRealDate(candidate) ? candidate : `${candidate.slice(0, 7)}-28`;
};

function isRealDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

// ---------------------------------------------------------------------------------------------
// Availability: allDay clears the other slots of the day, and the reverse
// ---------------------------------------------------------------------------------------------

export type DaySlots = Partial<Record<AvailabilitySlot, boolean>>;
/** The wizard's shape (docs/professionals.md Availability): a flag per slot per weekday; schedule.ts holds the rules. */
export type WeeklyAvailabilityPlan = AvailabilityFlags;

/** The slots ticked on one day, in the order of AVAILABILITY_SLOTS. */
export const slotsOf = (day: DaySlots | undefined): AvailabilitySlot[] => AVAILABILITY_SLOTS.filter((s) => day?.[s] === true);
const toFlags = (slots: readonly AvailabilitySlot[]): DaySlots => Object.fromEntries(slots.map((s) => [s, true]));

/** The day after ticking or unticking one slot (schedule.ts's rule: allDay and the part-day slots exclude each other). */
export const toggleSlot = (day: DaySlots | undefined, slot: AvailabilitySlot): DaySlots => toFlags(toggleAvailabilitySlot(slotsOf(day), slot));

/** True when no day has allDay together with another slot (what a client may send is checked, not repaired). */
export function isConsistentAvailability(plan: WeeklyAvailabilityPlan): boolean {
  return WEEKDAYS.every((d) => {
    const slots = slotsOf(plan[d]);
    return !(slots.includes('allDay') && slots.length > 1);
  });
}

/** At least one slot in the week (docs/professionals.md). */
export const hasAnySlot = (plan: WeeklyAvailabilityPlan): boolean => hasAnyAvailability(availabilityFromFlags(plan));

/** Only the ticked slots, days without any left out (what is stored). */
export function compactAvailability(plan: WeeklyAvailabilityPlan): WeeklyAvailabilityPlan {
  const week = availabilityFromFlags(plan);
  return Object.fromEntries(WEEKDAYS.flatMap((d) => (week[d] ? [[d, toFlags(week[d])]] : [])));
}

// ---------------------------------------------------------------------------------------------
// RIB: 24 digits (bank 3, locality 3, account 16, key 2); the 24-digit number is divisible by 97
// ---------------------------------------------------------------------------------------------

export const RIB_LENGTH = 24;

/** The RIB without the spaces people type between its parts. */
export const normalizeRib = (input: string): string => input.replace(/[\s-]+/g, '');

/** 24 digits whose key checks out: the whole number modulo 97 is 0. */
export function isValidRib(input: string): boolean {
  const rib = normalizeRib(input);
  if (!new RegExp(`^\\d{${RIB_LENGTH}}$`).test(rib)) return false;
  // Digit by digit, so no big integers are needed.
  let rest = 0;
  for (const c of rib) rest = (rest * 10 + Number(c)) % 97;
  return rest === 0;
}

/** The RIB in its parts (bank, locality, account, key), for display. */
export function formatRib(input: string): string {
  const rib = normalizeRib(input);
  if (rib.length !== RIB_LENGTH) return rib;
  return `${rib.slice(0, 3)} ${rib.slice(3, 6)} ${rib.slice(6, 22)} ${rib.slice(22)}`;
}

/** A valid RIB built from its first 22 digits (demo data and tests). */
export function ribWithKey(first22: string): string {
  let rest = 0;
  for (const c of first22 + '00') rest = (rest * 10 + Number(c)) % 97;
  return first22 + String((97 - rest) % 97).padStart(2, '0');
}

// ---------------------------------------------------------------------------------------------
// Documents (step 6)
// ---------------------------------------------------------------------------------------------

export const APPLICATION_DOCUMENT_KINDS = ['profilePhoto', 'idFront', 'idBack', 'addressProof'] as const;
export type ApplicationDocumentKind = (typeof APPLICATION_DOCUMENT_KINDS)[number];
export const REQUIRED_DOCUMENT_KINDS: readonly ApplicationDocumentKind[] = ['profilePhoto', 'idFront', 'idBack'];

export const APPLICATION_DOCUMENT_RULES = {
  /** Largest accepted file. */
  maxBytes: 8 * 1024 * 1024,
  /** Accepted by their bytes (never by the name or the declared type). The profile photo is an image. */
  imageTypes: ['image/jpeg', 'image/png', 'image/webp'],
  pdfType: 'application/pdf',
  /** docs/professionals.md photo quality. */
  jpegQuality: 90,
  /** Longest side of a stored image; an ID scan stays readable. */
  maxImageSide: 2400,
  /** Documents one account may upload per hour, all kinds together (four kinds, each replaced a few times). */
  uploadsPerHour: 40,
} as const;

export const acceptsPdf = (kind: ApplicationDocumentKind) => kind !== 'profilePhoto';

// ---------------------------------------------------------------------------------------------
// Final step
// ---------------------------------------------------------------------------------------------

export const APPLICATION_LIMITS = {
  descriptionMax: BOOKING_LIMITS.descriptionMax,
  accountHolderMax: 100,
  experienceYears: EXPERIENCE_YEARS,
  servicesMax: 20,
  boroughsMax: 30,
} as const;

/** English copy (docs/professionals.md Phone and Application, §5); the web app translates by code and key. */
export const APPLICATION_MESSAGES = {
  codeSent: 'Code sent! Please check your SMS for the verification code.',
  codeSendFailed: 'Failed to send verification code',
  phoneVerified: 'Phone verified!',
  verificationFailed: 'Verification failed',
  invalidCode: 'Invalid verification code.',
  resendTooSoon: 'Please wait a minute before asking for a new code.',
  submitted: "Application Submitted! We'll review your application within 24-48 hours.",
  submitFailed: 'Submission Failed - There was an error submitting your application. Please try again.',
  underage: 'You must be at least 18 years old to apply.',
  dateOfBirth: 'Please enter your date of birth.',
  firstName: 'Please enter your first name (2-50 letters).',
  lastName: 'Please enter your last name (2-50 letters).',
  city: 'Please choose your city.',
  boroughs: 'Please choose at least one borough of Casablanca.',
  services: 'Please choose at least one service.',
  availability: 'Please choose at least one time slot in the week.',
  availabilityAllDay: 'All day cannot be combined with another slot of the same day.',
  document: 'Please upload this document.',
  documentType: 'Please upload a JPEG, PNG or WebP image, or a PDF.',
  photoType: 'Please upload a JPEG, PNG or WebP photo.',
  documentTooLarge: 'The file must be smaller than 8MB.',
  documentEmpty: 'The file is empty.',
  documentUnreadable: 'This file could not be read. Please try another one.',
  documentTooMany: 'You have uploaded many files in a short time. Please wait a moment and try again.',
  experience: 'Experience must be between 1 and 30 years.',
  description: 'Please describe your experience.',
  bank: 'Please choose your bank.',
  rib: 'Please enter a valid RIB: 24 digits whose last two (the key) match the rest.',
  accountHolder: 'Please enter the account holder.',
  acceptTerms: 'You must accept the terms of service.',
  acceptPrivacy: 'You must accept the privacy policy.',
  phoneNotVerified: 'Please verify your phone number first.',
  incomplete: 'Some steps of your application are not complete.',
  pending: 'You already have an application under review.',
  approved: 'Your application has already been approved.',
} as const;

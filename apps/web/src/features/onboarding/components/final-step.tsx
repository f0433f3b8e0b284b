import { useEffect, useRef, useState, type FocusEvent } from 'react';
import type { ApplicationDraft, FinalDraft } from '@khedma/shared';
import { APPLICATION_LIMITS, isValidRib, BANKS } from '@khedma/shared/domain/applications';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FieldShell, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { useSaveStep } from '../api';
import { useStepErrors } from './use-step-save';
import { NewTabLink, StepActions, StepHeading } from './wizard-parts';

/** The fields in the order they appear (the first wrong one takes the focus on submit), and their controls' ids. */
const FIELD_ORDER = ['experienceYears', 'description', 'bankName', 'accountHolder', 'rib', 'acceptTerms', 'acceptPrivacy'] as const;
const FIELD_IDS = {
  experienceYears: 'experience',
  description: 'final-description',
  bankName: 'final-bank',
  accountHolder: 'final-account-holder',
  rib: 'final-rib',
  acceptTerms: 'final-accept-terms',
  acceptPrivacy: 'final-accept-privacy',
} as const;

const KEYS = {
  experienceYears: 'final.errors.experience',
  description: 'final.errors.description',
  bankName: 'final.errors.bank',
  rib: 'final.errors.rib',
  accountHolder: 'final.errors.accountHolder',
  acceptTerms: 'final.errors.acceptTerms',
  acceptPrivacy: 'final.errors.acceptPrivacy',
} as const;
type Field = keyof typeof KEYS;

export interface FinalValues {
  experienceYears: number;
  description: string;
  bankName: (typeof BANKS)[number];
  rib: string;
  accountHolder: string;
  acceptTerms: true;
  acceptPrivacy: true;
}

/** Step 7: experience, description, bank, RIB (key checked), holder, terms and privacy; kept as a draft while typed. */
export function FinalStep({
  draft,
  onBack,
  onSubmit,
  submitting,
  serverErrors,
}: {
  draft: ApplicationDraft;
  onBack: () => void;
  onSubmit: (values: FinalValues) => void;
  submitting: boolean;
  serverErrors: Partial<Record<string, string>>;
}) {
  const { t } = useStepErrors(KEYS);
  const saveDraft = useSaveStep('final');
  const [form, setForm] = useState({
    experienceYears: draft.final?.experienceYears ?? APPLICATION_LIMITS.experienceYears.default,
    description: draft.final?.description ?? '',
    bankName: draft.final?.bankName ?? '',
    rib: draft.final?.rib ?? '',
    accountHolder: draft.final?.accountHolder ?? '',
    acceptTerms: draft.final?.acceptTerms ?? false,
    acceptPrivacy: draft.final?.acceptPrivacy ?? false,
  });
  // A field's message shows once the applicant has left it (or pressed Submit), and follows the value
  // from then on: it goes as soon as the field is right (docs/professionals.md, issue 38).
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [attempted, setAttempted] = useState(false);

  // What is typed (and the consents ticked) is kept on the server a second after the last change, so a
  // reload loses nothing.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const body: FinalDraft = {
      experienceYears: form.experienceYears,
      description: form.description,
      accountHolder: form.accountHolder,
      rib: form.rib.replace(/[^\d\s-]/g, ''),
      acceptTerms: form.acceptTerms,
      acceptPrivacy: form.acceptPrivacy,
      ...(form.bankName ? { bankName: form.bankName as FinalDraft['bankName'] } : {}),
    };
    const id = window.setTimeout(() => saveDraft.mutate(body), 1000);
    return () => window.clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saved when the fields change, not when the mutation object does
  }, [form.experienceYears, form.description, form.bankName, form.rib, form.accountHolder, form.acceptTerms, form.acceptPrivacy]);

  const problems = (): Partial<Record<Field, string>> => {
    const p: Partial<Record<Field, string>> = {};
    if (!(form.experienceYears >= 1 && form.experienceYears <= 30)) p.experienceYears = t(KEYS.experienceYears);
    if (!form.description.trim()) p.description = t(KEYS.description);
    if (!form.bankName) p.bankName = t(KEYS.bankName);
    if (!isValidRib(form.rib)) p.rib = t(KEYS.rib);
    if (!form.accountHolder.trim()) p.accountHolder = t(KEYS.accountHolder);
    if (!form.acceptTerms) p.acceptTerms = t(KEYS.acceptTerms);
    if (!form.acceptPrivacy) p.acceptPrivacy = t(KEYS.acceptPrivacy);
    return p;
  };
  const live = problems();
  const fromServer = Object.fromEntries(Object.entries(serverErrors).filter(([k]) => k in KEYS).map(([k]) => [k, t(KEYS[k as Field])])) as Partial<Record<Field, string>>;
  const shown = Object.fromEntries(
    (Object.keys(KEYS) as Field[]).map((k) => [k, attempted || touched[k] ? (live[k] ?? fromServer[k]) : fromServer[k]]),
  ) as Partial<Record<Field, string>>;
  /** Leaving a field for another control shows its message (not when going to Submit: the click shows them all). */
  const leave = (k: Field) => (e: FocusEvent) => {
    const next = e.relatedTarget;
    if (!(next instanceof HTMLElement) || (next instanceof HTMLButtonElement && next.type === 'submit')) return;
    setTouched((s) => (s[k] ? s : { ...s, [k]: true }));
  };
  const set = (k: 'description' | 'bankName' | 'rib' | 'accountHolder') => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setAttempted(true);
        const wrong = FIELD_ORDER.find((k) => live[k]);
        if (wrong) {
          // Every message shows; the first wrong field takes the focus (and scrolls into view).
          requestAnimationFrame(() => document.getElementById(FIELD_IDS[wrong])?.focus());
          return;
        }
        onSubmit({ ...form, bankName: form.bankName as FinalValues['bankName'], acceptTerms: true, acceptPrivacy: true });
      }}
    >
      <StepHeading step="final" />
      <div className="grid gap-5">
        <FieldShell id="experience" label={t('final.experience')} required error={shown.experienceYears}>
          <div className="flex items-center gap-4">
            <input
              id="experience"
              type="range"
              min={APPLICATION_LIMITS.experienceYears.min}
              max={APPLICATION_LIMITS.experienceYears.max}
              step={1}
              value={form.experienceYears}
              aria-valuetext={t('final.experienceValue', { count: form.experienceYears })}
              className="min-h-11 flex-1 accent-primary-600"
              onChange={(e) => setForm((f) => ({ ...f, experienceYears: Number(e.target.value) }))}
            />
            <output htmlFor="experience" className="min-w-20 text-end font-semibold text-ink">
              {t('final.experienceValue', { count: form.experienceYears })}
            </output>
          </div>
          <div className="flex justify-between text-xs text-ink-muted">
            <span>{t('final.experienceMin')}</span>
            <span>{t('final.experienceMax')}</span>
          </div>
        </FieldShell>
        <TextAreaField
          label={t('final.description')}
          hint={t('final.descriptionHint')}
          required
          rows={4}
          dir="auto"
          maxLength={APPLICATION_LIMITS.descriptionMax}
          id={FIELD_IDS.description}
          value={form.description}
          onChange={set('description')}
          onBlur={leave('description')}
          error={shown.description}
        />
        <div className="grid gap-4 md:grid-cols-2">
          <SelectField id={FIELD_IDS.bankName} label={t('final.bank')} required value={form.bankName} onChange={set('bankName')} onBlur={leave('bankName')} error={shown.bankName}>
            <option value="">{t('final.chooseBank')}</option>
            {BANKS.map((b) => (
              <option key={b} value={b}>
                {b === 'Other' ? t('final.otherBank') : b}
              </option>
            ))}
          </SelectField>
          <TextField
            id={FIELD_IDS.accountHolder}
            label={t('final.accountHolder')}
            required
            dir="auto"
            autoComplete="name"
            value={form.accountHolder}
            onChange={set('accountHolder')}
            onBlur={leave('accountHolder')}
            error={shown.accountHolder}
          />
        </div>
        <TextField
          id={FIELD_IDS.rib}
          label={t('final.rib')}
          hint={t('final.ribHint')}
          required
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          value={form.rib}
          onChange={(e) => setForm((f) => ({ ...f, rib: e.target.value.replace(/[^\d\s]/g, '').slice(0, 30) }))}
          onBlur={leave('rib')}
          error={shown.rib}
        />
        <CheckboxField
          required
          id={FIELD_IDS.acceptTerms}
          checked={form.acceptTerms}
          onBlur={leave('acceptTerms')}
          onChange={(e) => setForm((f) => ({ ...f, acceptTerms: e.target.checked }))}
          error={shown.acceptTerms}
          label={
            <>
              {t('final.acceptTerms')} <NewTabLink to={paths.termsNew()}>{t('final.termsLink')}</NewTabLink>
            </>
          }
        />
        <CheckboxField
          required
          id={FIELD_IDS.acceptPrivacy}
          checked={form.acceptPrivacy}
          onBlur={leave('acceptPrivacy')}
          onChange={(e) => setForm((f) => ({ ...f, acceptPrivacy: e.target.checked }))}
          error={shown.acceptPrivacy}
          label={
            <>
              {t('final.acceptPrivacy')} <NewTabLink to={paths.privacyNew()}>{t('final.privacyLink')}</NewTabLink>
            </>
          }
        />
      </div>
      <StepActions onBack={onBack}>
        {/* Never disabled for a rule: pressed with a field wrong, it says which (issue 38). */}
        <Button type="submit" disabled={submitting}>
          {submitting ? t('final.submitting') : t('final.submit')}
        </Button>
      </StepActions>
    </form>
  );
}

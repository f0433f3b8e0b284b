import { useEffect, useRef, useState } from 'react';
import type { ApplicationDraft, FinalDraft } from '@khedma/shared';
import { APPLICATION_LIMITS, isValidRib } from '@khedma/shared/domain/applications';
import { BANKS } from '@khedma/shared/domain/constants';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FieldShell, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { useSaveStep } from '../api';
import { useStepErrors } from './use-step-save';
import { NewTabLink, StepActions, StepHeading } from './wizard-parts';

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
  const { errors, setErrors, t } = useStepErrors(KEYS);
  const saveDraft = useSaveStep('final');
  const [form, setForm] = useState({
    experienceYears: draft.final?.experienceYears ?? APPLICATION_LIMITS.experienceYears.default,
    description: draft.final?.description ?? '',
    bankName: draft.final?.bankName ?? '',
    rib: draft.final?.rib ?? '',
    accountHolder: draft.final?.accountHolder ?? '',
    acceptTerms: false,
    acceptPrivacy: false,
  });

  // What is typed is kept on the server (a second after the last change), so a reload loses nothing.
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
      ...(form.bankName ? { bankName: form.bankName as FinalDraft['bankName'] } : {}),
    };
    const id = window.setTimeout(() => saveDraft.mutate(body), 1000);
    return () => window.clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saved when the fields change, not when the mutation object does
  }, [form.experienceYears, form.description, form.bankName, form.rib, form.accountHolder]);

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
  // docs/professionals.md: submit enabled only when the final step's rules hold.
  const valid = Object.keys(problems()).length === 0;
  const shown = { ...errors, ...Object.fromEntries(Object.entries(serverErrors).filter(([k]) => k in KEYS).map(([k]) => [k, t(KEYS[k as Field])])) };
  const set = (k: 'description' | 'bankName' | 'rib' | 'accountHolder') => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const p = problems();
        setErrors(p);
        if (Object.keys(p).length) return;
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
          value={form.description}
          onChange={set('description')}
          error={shown.description}
        />
        <div className="grid gap-4 md:grid-cols-2">
          <SelectField label={t('final.bank')} required value={form.bankName} onChange={set('bankName')} error={shown.bankName}>
            <option value="">{t('final.chooseBank')}</option>
            {BANKS.map((b) => (
              <option key={b} value={b}>
                {b === 'Other' ? t('final.otherBank') : b}
              </option>
            ))}
          </SelectField>
          <TextField label={t('final.accountHolder')} required dir="auto" autoComplete="name" value={form.accountHolder} onChange={set('accountHolder')} error={shown.accountHolder} />
        </div>
        <TextField
          label={t('final.rib')}
          hint={t('final.ribHint')}
          required
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          value={form.rib}
          onChange={(e) => setForm((f) => ({ ...f, rib: e.target.value.replace(/[^\d\s]/g, '').slice(0, 30) }))}
          error={shown.rib}
        />
        <CheckboxField
          required
          checked={form.acceptTerms}
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
          checked={form.acceptPrivacy}
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
        <Button type="submit" disabled={!valid || submitting}>
          {submitting ? t('final.submitting') : t('final.submit')}
        </Button>
      </StepActions>
    </form>
  );
}

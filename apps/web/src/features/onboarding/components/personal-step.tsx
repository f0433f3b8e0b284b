import { useState } from 'react';
import type { ApplicationDraft } from '@khedma/shared';
import { isAdultOn, latestAdultBirthDate } from '@khedma/shared/domain/applications';
import { isValidEmail, isValidName } from '@khedma/shared/domain/validation';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { useSaveStep } from '../api';
import { useStepErrors } from './use-step-save';
import { StepActions, StepHeading } from './wizard-parts';

const KEYS = {
  firstName: 'personal.errors.firstName',
  lastName: 'personal.errors.lastName',
  email: 'personal.errors.email',
  dateOfBirth: 'personal.errors.underage',
} as const;

/** Step 2: first and last name, email, date of birth (18 or over). */
export function PersonalStep({ draft, email, onBack, onDone }: { draft: ApplicationDraft; email: string; onBack: () => void; onDone: () => void }) {
  const { errors, setErrors, fromServer, t } = useStepErrors(KEYS);
  const save = useSaveStep('personal');
  const [form, setForm] = useState(() => draft.personal ?? { firstName: '', lastName: '', email, dateOfBirth: '' });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  const submit = () => {
    const next: Partial<Record<keyof typeof KEYS, string>> = {};
    if (!isValidName(form.firstName)) next.firstName = t(KEYS.firstName);
    if (!isValidName(form.lastName)) next.lastName = t(KEYS.lastName);
    if (!isValidEmail(form.email)) next.email = t(KEYS.email);
    if (!form.dateOfBirth) next.dateOfBirth = t('personal.errors.dateOfBirth');
    else if (!isAdultOn(form.dateOfBirth)) next.dateOfBirth = t(KEYS.dateOfBirth);
    setErrors(next);
    if (Object.keys(next).length) return;
    save.mutate(form, { onSuccess: onDone, onError: fromServer });
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <StepHeading step="personal" />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label={t('personal.firstName')} hint={t('personal.firstNameHint')} required dir="auto" autoComplete="given-name" value={form.firstName} onChange={set('firstName')} error={errors.firstName} />
        <TextField label={t('personal.lastName')} required dir="auto" autoComplete="family-name" value={form.lastName} onChange={set('lastName')} error={errors.lastName} />
        <TextField label={t('personal.email')} type="email" required autoComplete="email" value={form.email} onChange={set('email')} error={errors.email} />
        <TextField
          label={t('personal.dateOfBirth')}
          type="date"
          required
          autoComplete="bday"
          max={latestAdultBirthDate()}
          value={form.dateOfBirth}
          onChange={set('dateOfBirth')}
          error={errors.dateOfBirth}
        />
      </div>
      <StepActions onBack={onBack}>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('wizard.saving') : t('wizard.next')}
        </Button>
      </StepActions>
    </form>
  );
}

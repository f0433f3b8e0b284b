import { CalendarClock, SearchX } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import type { AssignmentPreviewRequest, LocalTime } from '@khedma/shared';
import { Button } from '../../../components/ui/button';
import { useLanguage } from '../../../lib/localized';
import { useAssignment } from '../api';
import { ActionBar } from '../components/action-bar';
import { ProfessionalCard } from '../components/professional-card';
import { formatLocalDate } from './schedule-step';
import { LoadError, StepHeading } from './step-parts';
import type { WizardProfessional } from './wizard-state';

/**
 * Step 4: the real assignment (docs/professionals.md). The server picks an approved professional who offers
 * the service in the city, works in that weekday slot and is free then; nobody: its message and up to
 * six other times that do have someone, to pick from.
 */
export function ProfessionalStep({
  request,
  onBack,
  onContinue,
  onPickAlternative,
}: {
  request: AssignmentPreviewRequest;
  onBack: () => void;
  onContinue: (professional: WizardProfessional) => void;
  onPickAlternative: (slot: { date: string; startTime: LocalTime; endTime: LocalTime }) => void;
}) {
  const { t } = useTranslation('booking');
  const language = useLanguage();
  const assignment = useAssignment(request);
  const data = assignment.data;

  return (
    <section aria-labelledby="wizard-step-heading" className="space-y-5">
      <StepHeading title={t('wizard.professional.title')} lead={t('wizard.professional.lead')} />
      <div aria-live="polite" aria-busy={assignment.isFetching}>
        {assignment.isPending ? (
          <div role="status" className="flex items-center gap-4 rounded-card border border-sand-200 bg-white p-4">
            <span className="size-14 animate-pulse rounded-full bg-sand-200 motion-reduce:animate-none" />
            <span className="text-ink-muted">{t('wizard.professional.finding')}</span>
          </div>
        ) : assignment.isError ? (
          <LoadError message={t('errors.assignment')} onRetry={() => void assignment.refetch()} />
        ) : data?.available ? (
          <div className="space-y-3">
            <p className="font-semibold text-completed">{t('wizard.professional.found')}</p>
            <ProfessionalCard professional={data.professional} note={t('wizard.professional.note')} />
          </div>
        ) : data ? (
          <div className="space-y-4">
            <div className="flex items-start gap-3 rounded-card border border-pending/30 bg-pending-soft p-4 text-pending">
              <SearchX aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <p className="font-medium">{t('errors.NO_PROFESSIONAL_AVAILABLE')}</p>
            </div>
            {data.alternatives.length > 0 ? (
              <div>
                <h3 className="mb-2 font-bold text-ink">{t('wizard.professional.alternatives')}</h3>
                <ul className="grid gap-2 sm:grid-cols-2">
                  {data.alternatives.map((slot) => (
                    <li key={`${slot.date}-${slot.startTime}`}>
                      <button
                        type="button"
                        onClick={() => onPickAlternative({ date: slot.date, startTime: slot.startTime, endTime: slot.endTime })}
                        className="flex min-h-12 w-full items-center gap-3 rounded-xl border border-sand-300 bg-white px-4 py-2 text-start hover:border-primary-400 hover:bg-primary-50/40"
                      >
                        <CalendarClock aria-hidden="true" className="size-5 shrink-0 text-primary-600" />
                        <span>
                          <span className="block font-semibold text-ink">{formatLocalDate(slot.date, language)}</span>
                          <span className="block text-sm text-ink-muted" dir="ltr">
                            {slot.startTime} – {slot.endTime}
                          </span>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              <p className="text-ink-muted">{t('wizard.professional.noAlternatives')}</p>
            )}
          </div>
        ) : null}
      </div>
      <ActionBar>
        <Button variant="secondary" size="lg" onClick={onBack}>
          {data && !data.available ? t('wizard.professional.changeTime') : t('actions.back')}
        </Button>
        <Button size="lg" disabled={!data?.available || assignment.isFetching} onClick={() => data?.available && onContinue(data.professional)}>
          {t('actions.continue')}
        </Button>
      </ActionBar>
    </section>
  );
}

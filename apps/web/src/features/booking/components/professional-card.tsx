import { BadgeCheck, Briefcase } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import { Rating } from './rating';

export interface ProfessionalSummary {
  firstName: string;
  rating: number | null;
  reviewsCount: number;
  /** Unknown on some screens (e.g. a preselected professional before their profile loads). */
  jobsDone?: number | null;
}

/** Who will do the job: first name only (docs/professionals.md), real rating or "No reviews yet", jobs done. */
export function ProfessionalCard({ professional, note }: { professional: ProfessionalSummary; note?: string }) {
  const { t } = useTranslation('booking');
  const initial = professional.firstName.trim().charAt(0).toUpperCase() || '?';
  return (
    <div className="flex items-start gap-4 rounded-card border border-sand-200 bg-white p-4">
      <span aria-hidden="true" className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-primary-600 text-xl font-bold text-white">
        {initial}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1.5 text-lg font-bold text-ink">
          <span className="truncate">{professional.firstName}</span>
          <BadgeCheck aria-hidden="true" className="size-5 shrink-0 text-primary-600" />
          <span className="sr-only">{t('professional.verified')}</span>
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1">
          <Rating rating={professional.rating} reviewsCount={professional.reviewsCount} />
          {professional.jobsDone != null ? (
            <span className="inline-flex items-center gap-1 text-sm text-ink-muted">
              <Briefcase aria-hidden="true" className="size-4" />
              {t('professional.jobsDone', { count: professional.jobsDone })}
            </span>
          ) : null}
        </div>
        {note ? <p className="mt-2 text-sm text-ink-muted">{note}</p> : null}
      </div>
    </div>
  );
}

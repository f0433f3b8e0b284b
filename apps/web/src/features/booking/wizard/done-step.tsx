import { CheckCircle2, Mail } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Button, ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** Step 6: Booking Confirmed, with the 8-character reference and what happens next. */
export function DoneStep({ reference, professionalName, onBookAnother }: { reference: string; professionalName: string | null; onBookAnother: () => void }) {
  const { t } = useTranslation('booking');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="wizard-done-heading" className="mx-auto max-w-xl space-y-6 rounded-card border border-sand-200 bg-white p-6 text-center md:p-10">
      <CheckCircle2 aria-hidden="true" className="mx-auto size-16 text-completed" />
      <div>
        <h2 id="wizard-done-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold text-ink outline-none">
          {t('wizard.done.title')}
        </h2>
        <p className="mt-3 text-ink-muted">{t('wizard.done.referenceLabel')}</p>
        <p className="mt-1 font-mono text-3xl font-bold tracking-widest text-primary-700" dir="ltr" data-testid="booking-reference">
          {reference}
        </p>
      </div>
      <p className="flex items-start justify-center gap-2 text-start text-ink">
        <Mail aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary-600" />
        <span>{professionalName ? t('wizard.done.nextNamed', { name: professionalName }) : t('wizard.done.next')}</span>
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <ButtonLink to={paths.dashboardBookings()} size="lg">
          {t('wizard.done.viewBookings')}
        </ButtonLink>
        <Button variant="secondary" size="lg" onClick={onBookAnother}>
          {t('wizard.done.bookAnother')}
        </Button>
      </div>
    </section>
  );
}

import { CalendarClock, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { RECURRING_MESSAGES } from '@khedma/shared/domain/recurring';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/use-translation';
import { useCreateSeriesFromWizard } from '../api';
import { clearPendingRepeat, readPendingRepeat } from '../wizard/repeat-storage';

/**
 * Once the wizard's booking is paid: the series the customer chose at the confirm step ("Repeat"), created
 * now with the key kept since (docs/recurring.md "From the wizard"). Nothing when no repeat was chosen.
 */
export function RepeatAfterPayment({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('booking');
  const { t: tr } = useTranslation('recurring');
  const [pending] = useState(() => readPendingRepeat(bookingId));
  const create = useCreateSeriesFromWizard();
  const started = useRef(false);
  useEffect(() => {
    if (!pending || started.current) return;
    started.current = true;
    create.mutate(pending, {
      onSuccess: () => clearPendingRepeat(bookingId),
      // A refusal is final (the booking repeated already, an end the server refuses): the form is offered instead.
      onError: (error) => {
        if (isApiError(error) && error.status < 500 && !error.isNetwork) clearPendingRepeat(bookingId);
      },
    });
  }, [pending, bookingId, create]);
  if (!pending) return null;
  if (create.isSuccess) {
    return (
      <div role="status" data-testid="repeat-created" className="flex items-start gap-3 rounded-card border border-primary-200 bg-primary-50 p-4 text-start text-ink">
        <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-700" />
        <div className="space-y-2">
          <p className="font-semibold">{t('wizard.repeat.created', { every: tr(`every.${String(create.data.intervalWeeks) as "1" | "2" | "4"}`) })}</p>
          <ButtonLink to={paths.recurringSeries(create.data.id)} variant="secondary">
            {t('wizard.repeat.open')}
          </ButtonLink>
        </div>
      </div>
    );
  }
  if (create.isError) {
    const already = isApiError(create.error) && create.error.message === RECURRING_MESSAGES.alreadyRepeating;
    return (
      <div role="alert" className="space-y-2 rounded-card border border-cancelled/30 bg-cancelled-soft p-4 text-start">
        <p className="font-semibold text-cancelled">{already ? tr('new.already') : tr('new.failed')}</p>
        {already ? null : (
          <ButtonLink to={paths.recurringNew(bookingId)} variant="secondary">
            {tr('entry.repeat')}
          </ButtonLink>
        )}
      </div>
    );
  }
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-ink">
      <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
      {t('wizard.repeat.settingUp')}
    </p>
  );
}

import { RefreshCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../components/ui/button';

/**
 * The step's heading. It takes focus when the step appears (except on first load), so keyboard and
 * screen-reader users land on the new step rather than on a button that disappeared.
 */
export function StepHeading({ title, lead }: { title: string; lead?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) ref.current?.focus({ preventScroll: false });
  }, []);
  return (
    <div>
      <h2 id="wizard-step-heading" ref={ref} tabIndex={-1} className="text-xl font-bold text-ink outline-none md:text-2xl">
        {title}
      </h2>
      {lead ? <p className="mt-1 text-ink-muted">{lead}</p> : null}
    </div>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="rounded-card border border-cancelled/30 bg-cancelled-soft p-4 text-cancelled">
      <p className="font-semibold">{message}</p>
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        <RefreshCw aria-hidden="true" className="size-4" />
        {t('common.retry')}
      </Button>
    </div>
  );
}

export function SkeletonGrid({ count = 6 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="h-28 animate-pulse rounded-card bg-sand-200 motion-reduce:animate-none" />
      ))}
    </div>
  );
}

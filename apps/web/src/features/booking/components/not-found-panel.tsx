import { ArrowLeft, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../components/ui/button';
import { DirectionalIcon } from '../../../components/ui/directional-icon';

/** "Service not found", "Professional not found", "Please log in to continue": a message and Go Back (docs/bookings.md). */
export function NotFoundPanel({ title, body, onBack, children }: { title: string; body?: string; onBack: () => void; children?: ReactNode }) {
  const { t } = useTranslation('booking');
  return (
    <div role="alert" className="mx-auto mt-6 max-w-lg rounded-card border border-sand-200 bg-white p-6 text-center md:p-10">
      <SearchX aria-hidden="true" className="mx-auto size-12 text-sand-500" />
      <h2 className="mt-4 text-xl font-bold text-ink">{title}</h2>
      {body ? <p className="mt-2 text-ink-muted">{body}</p> : null}
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Button variant="secondary" onClick={onBack}>
          <DirectionalIcon icon={ArrowLeft} className="size-4" />
          {t('actions.goBack')}
        </Button>
        {children}
      </div>
    </div>
  );
}

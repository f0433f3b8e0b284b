import { AlertTriangle, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Button } from './button';
import { cn } from './cn';

/**
 * Something could not be read: the message and a Try again button (role="alert", so it is announced).
 * `as="h1"` when the alert is the page itself (a service that could not be loaded); `compact` inside a
 * card (the service page's summary).
 */
export function RetryAlert({
  message,
  onRetry,
  as: Title = 'p',
  compact = false,
  className,
}: {
  message: ReactNode;
  onRetry: () => void;
  as?: 'p' | 'h1';
  compact?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-start border border-cancelled/30 bg-cancelled-soft text-cancelled',
        compact ? 'gap-3 rounded-xl p-4 text-sm' : 'gap-4 rounded-card p-6',
        className,
      )}
    >
      <Title className={cn('flex items-center gap-2 font-semibold', Title === 'h1' && 'text-xl')}>
        <AlertTriangle aria-hidden="true" className={cn('shrink-0', compact ? 'size-4' : 'size-5')} />
        {message}
      </Title>
      <Button variant="secondary" onClick={onRetry}>
        <RotateCcw aria-hidden="true" className="size-4" />
        {t('common.retry')}
      </Button>
    </div>
  );
}

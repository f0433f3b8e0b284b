import { CheckCircle2, Circle, Clock, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

export type StatusTone = 'pending' | 'confirmed' | 'completed' | 'cancelled';

const tones: Record<StatusTone, { className: string; Icon: typeof Circle }> = {
  pending: { className: 'bg-pending-soft text-pending', Icon: Clock },
  confirmed: { className: 'bg-confirmed-soft text-confirmed', Icon: Circle },
  completed: { className: 'bg-completed-soft text-completed', Icon: CheckCircle2 },
  cancelled: { className: 'bg-cancelled-soft text-cancelled', Icon: XCircle },
};

/** A booking status (docs/README.md colours), always with an icon and a word, never colour alone. */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  const { className, Icon } = tones[tone];
  return (
    <span className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold', className)}>
      <Icon aria-hidden="true" className="size-3.5" />
      {children}
    </span>
  );
}

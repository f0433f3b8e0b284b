import { Star } from 'lucide-react';
import { ratingBadge } from '@khedma/shared/domain/reviews';
import { cn } from '../../../components/ui/cn';

const TONES = {
  good: 'bg-completed-soft text-completed',
  fair: 'bg-pending-soft text-pending',
  poor: 'bg-cancelled-soft text-cancelled',
} as const;

/**
 * A rating as a badge (SPEC §9): green at 4 or more, yellow at 3 or more, red below; always the figure
 * and a star besides the colour. `label` is the accessible reading ("4.5 out of 5").
 */
export function RatingBadge({ rating, text, label, className }: { rating: number; text: string; label: string; className?: string }) {
  const tone = ratingBadge(rating);
  return (
    <span
      data-rating-tone={tone}
      aria-label={label}
      role="img"
      className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold tabular-nums', TONES[tone], className)}
    >
      <Star aria-hidden="true" className="size-3.5 fill-current" />
      {text}
    </span>
  );
}

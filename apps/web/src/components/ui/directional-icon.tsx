import type { LucideIcon, LucideProps } from 'lucide-react';
import { cn } from './cn';

/**
 * An icon that points along the reading direction (arrows, chevrons, "back"): drawn for left-to-right
 * and mirrored in right-to-left documents. Decorative by default.
 */
export function DirectionalIcon({ icon: Icon, className, ...props }: LucideProps & { icon: LucideIcon }) {
  return <Icon aria-hidden="true" className={cn('rtl:-scale-x-100', className)} {...props} />;
}

import { Flower2, Hammer, Package, Paintbrush, Sparkles, Truck, Wrench, Zap, type LucideIcon } from 'lucide-react';
import type { Category } from '@khedma/shared';
import { cn } from '../../../components/ui/cn';

/** Each category's icon and tint (DESIGN.md: one icon and tint per category, on chips, cards and the wizard). */
const CATEGORY_LOOK: Record<Category, { Icon: LucideIcon; tint: string }> = {
  plumbing: { Icon: Wrench, tint: 'bg-primary-50 text-primary-700' },
  cleaning: { Icon: Sparkles, tint: 'bg-saffron-100 text-sand-800' },
  moving: { Icon: Truck, tint: 'bg-accent-50 text-accent-700' },
  electrical: { Icon: Zap, tint: 'bg-saffron-100 text-sand-800' },
  handyman: { Icon: Hammer, tint: 'bg-sand-100 text-sand-800' },
  painting: { Icon: Paintbrush, tint: 'bg-accent-50 text-accent-700' },
  gardening: { Icon: Flower2, tint: 'bg-completed-soft text-completed' },
  delivery: { Icon: Package, tint: 'bg-primary-50 text-primary-700' },
};

export function CategoryIcon({ category, className }: { category: Category; className?: string }) {
  const { Icon, tint } = CATEGORY_LOOK[category] ?? CATEGORY_LOOK.handyman;
  return (
    <span aria-hidden="true" className={cn('inline-flex size-11 shrink-0 items-center justify-center rounded-xl', tint, className)}>
      <Icon className="size-5" />
    </span>
  );
}

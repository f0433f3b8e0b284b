import { Flower2, Hammer, Package, Paintbrush, Sparkles, Truck, Wrench, Zap, type LucideIcon } from 'lucide-react';
import type { ServiceCategory } from '../app/paths';
import { cn } from './ui/cn';

/**
 * Each category's icon and tint (DESIGN.md "Icons"), used on chips, cards, the service page and the
 * booking wizard. Tints are soft backgrounds with a dark icon colour of the same hue (icons are
 * decorative; the category name is always written next to them).
 */
export const CATEGORY_VISUALS: Record<ServiceCategory, { Icon: LucideIcon; tint: string; icon: string }> = {
  plumbing: { Icon: Wrench, tint: 'bg-sky-100', icon: 'text-sky-800' },
  cleaning: { Icon: Sparkles, tint: 'bg-teal-100', icon: 'text-teal-800' },
  moving: { Icon: Truck, tint: 'bg-orange-100', icon: 'text-orange-800' },
  electrical: { Icon: Zap, tint: 'bg-amber-100', icon: 'text-amber-800' },
  handyman: { Icon: Hammer, tint: 'bg-stone-200', icon: 'text-stone-800' },
  painting: { Icon: Paintbrush, tint: 'bg-rose-100', icon: 'text-rose-800' },
  gardening: { Icon: Flower2, tint: 'bg-green-100', icon: 'text-green-800' },
  delivery: { Icon: Package, tint: 'bg-violet-100', icon: 'text-violet-800' },
};

const FALLBACK = CATEGORY_VISUALS.handyman;

export function categoryVisual(category: string) {
  return CATEGORY_VISUALS[category as ServiceCategory] ?? FALLBACK;
}

/** The category icon on its tint: a card's image when the service has no photo. */
export function CategoryTile({ category, className, iconClassName }: { category: string; className?: string; iconClassName?: string }) {
  const { Icon, tint, icon } = categoryVisual(category);
  return (
    <div aria-hidden="true" className={cn('flex items-center justify-center', tint, className)}>
      <Icon className={cn('size-12', icon, iconClassName)} strokeWidth={1.75} />
    </div>
  );
}

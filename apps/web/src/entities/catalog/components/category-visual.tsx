import { Flower2, Hammer, Package, Paintbrush, Sparkles, Truck, Wrench, Zap, type LucideIcon } from 'lucide-react';
import type { ServiceCategory } from '../../../config/paths';
import { cn } from '../../../components/ui/cn';

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

export function categoryVisual(category: string) {
  return CATEGORY_VISUALS[categoryVisualKey(category)];
}

/** The category icons' stroke (lucide's default is 2): lighter at the tile's size. */
export const CATEGORY_ICON_STROKE = 1.75;

/** The key of a category's visual (an unknown category shows the handyman's). */
export function categoryVisualKey(category: string): ServiceCategory {
  return Object.hasOwn(CATEGORY_VISUALS, category) ? (category as ServiceCategory) : 'handyman';
}

/** A decorative 24 x 24 icon drawn from a <symbol> already in the page (`href` is `#id`). */
export function SymbolIcon({ href, className }: { href: string; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className={className}>
      <use href={href} />
    </svg>
  );
}

/**
 * The category icon on its tint: a card's image when the service has no photo. `symbolHref` draws the
 * icon from a symbol already in the page (the service cards' sprite) instead of its own paths.
 */
export function CategoryTile({ category, className, iconClassName, symbolHref }: { category: string; className?: string; iconClassName?: string; symbolHref?: string }) {
  const { Icon, tint, icon } = categoryVisual(category);
  const iconClass = cn('size-12', icon, iconClassName);
  return (
    <div aria-hidden="true" className={cn('flex items-center justify-center', tint, className)}>
      {symbolHref ? (
        <SymbolIcon href={symbolHref} className={iconClass} />
      ) : (
        <Icon className={iconClass} strokeWidth={CATEGORY_ICON_STROKE} />
      )}
    </div>
  );
}

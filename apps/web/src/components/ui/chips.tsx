import type { ReactNode } from 'react';
import { cn } from './cn';

export interface ChipOption<V extends string> {
  value: V;
  label: string;
  icon?: ReactNode;
}

/**
 * A row of filter chips: toggle buttons (aria-pressed) in a labelled group, one pressed at a time.
 * Native buttons, so Tab, Enter and Space work; they wrap onto several lines on phones.
 */
export function ChipGroup<V extends string>({
  label,
  options,
  value,
  onChange,
  className,
}: {
  label: string;
  options: ReadonlyArray<ChipOption<V>>;
  value: V;
  onChange: (value: V) => void;
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} className={cn('flex flex-wrap gap-2', className)}>
      {options.map((option) => {
        const pressed = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(option.value)}
            className={cn(
              'inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors',
              pressed
                ? 'border-primary-600 bg-primary-600 text-white'
                : 'border-sand-300 bg-white text-ink hover:border-primary-400 hover:bg-primary-50',
            )}
          >
            {option.icon}
            {option.label}
          </button>
        );
      })}
    </div>
  );
}

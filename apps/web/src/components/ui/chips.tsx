import type { MouseEvent, ReactNode } from 'react';
import { cn } from './cn';

export interface ChipOption<V extends string> {
  value: V;
  label: string;
  icon?: ReactNode;
  /**
   * The address this chip stands for. Given, the chips are links (aria-current on the chosen one): they
   * work before the app takes a server-rendered page over and without JavaScript (the server renders that
   * address), and once the app runs a plain click calls onChange instead of loading the page.
   */
  href?: string;
}

const chipClass = (pressed: boolean) =>
  cn(
    'inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors',
    pressed
      ? 'border-primary-600 bg-primary-600 text-white'
      : 'border-sand-300 bg-white text-ink hover:border-primary-400 hover:bg-primary-50',
  );

/** A plain left click without modifier keys: the app handles it; others (new tab, download) stay the browser's. */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;

/**
 * A row of filter chips in a labelled group, one chosen at a time: toggle buttons (aria-pressed), or links
 * (aria-current) when the options carry an href. Native buttons and links, so Tab and Enter (and Space on
 * buttons) work; they wrap onto several lines on phones.
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
        if (option.href !== undefined) {
          return (
            <a
              key={option.value}
              href={option.href}
              aria-current={pressed ? 'true' : undefined}
              // Read by /boot.js before the app takes the page over: the words in the search box go along.
              data-keep-search=""
              onClick={(event) => {
                if (!plainClick(event)) return;
                event.preventDefault();
                onChange(option.value);
              }}
              className={chipClass(pressed)}
            >
              {option.icon}
              {option.label}
            </a>
          );
        }
        return (
          <button key={option.value} type="button" aria-pressed={pressed} onClick={() => onChange(option.value)} className={chipClass(pressed)}>
            {option.icon}
            {option.label}
          </button>
        );
      })}
    </div>
  );
}

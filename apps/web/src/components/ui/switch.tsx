import { useId, type ReactNode } from 'react';
import { cn } from './cn';

/**
 * An on/off switch (WAI-ARIA switch pattern): a button with role="switch" and aria-checked, named by
 * its visible label and described by its hint; Space and Enter toggle it (native button). The whole
 * row is the 44 px touch target; the thumb moves to the inline end when on, so it mirrors in Arabic.
 */
export function Switch({
  checked,
  onChange,
  label,
  hint,
  disabled,
  icon,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
  icon?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 py-3">
      {icon ? <span className="mt-0.5 shrink-0 text-primary-700">{icon}</span> : null}
      <div className="min-w-0 flex-1">
        <span id={`${id}-label`} className="block font-semibold text-ink">
          {label}
        </span>
        {hint ? (
          <span id={`${id}-hint`} className="mt-0.5 block text-sm text-ink-muted">
            {hint}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex min-h-11 min-w-14 shrink-0 items-center rounded-full p-1 transition-colors duration-150',
          'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary-600 disabled:cursor-not-allowed disabled:opacity-60',
          checked ? 'bg-primary-600' : 'bg-sand-500',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'block size-6 rounded-full bg-white shadow transition-transform duration-150 motion-reduce:transition-none',
            checked ? 'translate-x-6 rtl:-translate-x-6' : 'translate-x-0',
          )}
        />
      </button>
    </div>
  );
}

import { useId, type ReactNode } from 'react';
import { cn } from './cn';

/**
 * A labelled group of radio choices as large touch targets; arrow keys move between them (the recurring
 * series form, the wizard's Repeat). `columns`: how many side by side from the small breakpoint.
 */
export function ChoiceGroup<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  error,
  disabled,
  columns = 3,
}: {
  legend: ReactNode;
  name: string;
  value: V | null;
  options: ReadonlyArray<{ value: V; label: ReactNode }>;
  onChange: (v: V) => void;
  error?: string | null;
  disabled?: boolean;
  columns?: 2 | 3;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <div className={cn('mt-2 grid gap-2', columns === 2 ? 'sm:grid-cols-2' : 'sm:grid-cols-3')}>
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary-600',
              value === o.value ? 'border-primary-600 bg-primary-50 font-semibold text-primary-800' : 'border-sand-300 bg-white text-ink',
            )}
          >
            <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} className="size-4 accent-primary-600" aria-invalid={error ? true : undefined} />
            {o.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-cancelled">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

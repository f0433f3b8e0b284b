import { Search, X } from 'lucide-react';
import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from './cn';

export interface SearchInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** Visually hidden label (the placeholder is not a label). */
  label: string;
  /** Shows a clear button while there is text. */
  onClear?: () => void;
  clearLabel?: string;
}

/** A search box with its icon at the inline start and an optional clear button at the inline end. */
export const SearchInput = forwardRef<HTMLInputElement, SearchInputProps>(function SearchInput(
  { label, onClear, clearLabel, className, id, value, ...input },
  ref,
) {
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute start-4 top-1/2 size-5 -translate-y-1/2 text-sand-600" />
      <input
        ref={ref}
        id={id}
        type="search"
        value={value}
        enterKeyHint="search"
        autoComplete="off"
        className="block min-h-13 w-full rounded-xl border border-sand-500 bg-white ps-12 pe-12 text-base text-ink placeholder:text-sand-600 focus-visible:border-primary-600 focus-visible:outline-3 focus-visible:outline-offset-0 [&::-webkit-search-cancel-button]:hidden"
        {...input}
      />
      {onClear && value ? (
        <button
          type="button"
          onClick={onClear}
          className="absolute end-1 top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-lg text-ink-muted hover:bg-sand-100 hover:text-ink"
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">{clearLabel}</span>
        </button>
      ) : null}
    </div>
  );
});

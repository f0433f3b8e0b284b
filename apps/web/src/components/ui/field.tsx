import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';

/**
 * Accessible form fields: a visible label, an optional hint, and the field's message underneath
 * (aria-invalid, aria-describedby). Direction-aware; 44 px touch targets; text one step larger on
 * phones so iOS does not zoom into the field.
 */

const control =
  'block w-full rounded-xl border bg-white px-3.5 text-base text-ink placeholder:text-sand-600 ' +
  'transition-colors duration-150 focus-visible:border-primary-600 focus-visible:outline-3 focus-visible:outline-offset-0 ' +
  'disabled:cursor-not-allowed disabled:bg-sand-100 disabled:text-ink-muted';
const controlBorder = (invalid: boolean) => (invalid ? 'border-cancelled' : 'border-sand-500');

interface FieldShellProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  required?: boolean;
  /** Shown after the label (e.g. "optional"). */
  labelExtra?: ReactNode;
  className?: string;
  children: ReactNode;
}

export const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

/** aria-describedby for a control: its hint and its message, when present. */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? hintId(id) : null, error ? errorId(id) : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function FieldShell({ id, label, hint, error, required, labelExtra, className, children }: FieldShellProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
        {required ? (
          <span aria-hidden="true" className="ms-0.5 text-cancelled">
            *
          </span>
        ) : null}
        {labelExtra ? <span className="ms-1.5 font-normal text-ink-muted">{labelExtra}</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={hintId(id)} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId(id)} message={error} />
    </div>
  );
}

/** The message under a field (also used by checkboxes). */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-cancelled">
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  labelExtra?: ReactNode;
  /** Rendered inside the field at the inline end (e.g. a show-password button). */
  trailing?: ReactNode;
  id?: string;
  fieldClassName?: string;
}

const LEFT_TO_RIGHT_TYPES = new Set(['email', 'tel', 'url']);

export function TextField({ label, hint, error, labelExtra, trailing, id: givenId, fieldClassName, className, required, ...input }: TextFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required} labelExtra={labelExtra} className={fieldClassName}>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          aria-required={required || undefined}
          className={cn(control, controlBorder(Boolean(error)), 'min-h-12', trailing ? 'pe-12' : null, className)}
          // Addresses, numbers and links are written left to right, on Arabic pages too ("youssef." must not show as ".youssef").
          dir={input.type && LEFT_TO_RIGHT_TYPES.has(input.type) ? 'ltr' : undefined}
          {...input}
        />
        {trailing ? <div className="absolute inset-y-0 end-0 flex items-center pe-1">{trailing}</div> : null}
      </div>
    </FieldShell>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  labelExtra?: ReactNode;
  id?: string;
  fieldClassName?: string;
}

export function TextAreaField({ label, hint, error, labelExtra, id: givenId, fieldClassName, className, required, ...textarea }: TextAreaFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required} labelExtra={labelExtra} className={fieldClassName}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        aria-required={required || undefined}
        className={cn(control, controlBorder(Boolean(error)), 'min-h-28 py-3', className)}
        {...textarea}
      />
    </FieldShell>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  labelExtra?: ReactNode;
  id?: string;
  fieldClassName?: string;
}

/** A native select: the phone's own picker, nothing to download. */
export function SelectField({ label, hint, error, labelExtra, id: givenId, fieldClassName, className, required, children, ...select }: SelectFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required} labelExtra={labelExtra} className={fieldClassName}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        aria-required={required || undefined}
        className={cn(control, controlBorder(Boolean(error)), 'min-h-12 py-2', className)}
        {...select}
      >
        {children}
      </select>
    </FieldShell>
  );
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  error?: string | null;
  id?: string;
  className?: string;
}

/** A checkbox with its label beside it (the label may hold links) and its message underneath. */
export function CheckboxField({ label, error, id: givenId, className, required, ...input }: CheckboxFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div className="flex items-start gap-3">
        <span className="grid min-h-11 min-w-11 shrink-0 place-items-center -ms-2.5 -mt-2.5">
          <input
            id={id}
            type="checkbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId(id) : undefined}
            aria-required={required || undefined}
            className="size-5 cursor-pointer rounded accent-primary-600"
            {...input}
          />
        </span>
        <label htmlFor={id} className="text-sm leading-relaxed text-ink">
          {label}
        </label>
      </div>
      <FieldError id={errorId(id)} message={error} />
    </div>
  );
}

export type AlertTone = 'error' | 'success' | 'info';

const alertTones: Record<AlertTone, string> = {
  error: 'border-cancelled/30 bg-cancelled-soft text-cancelled',
  success: 'border-completed/30 bg-completed-soft text-completed',
  info: 'border-primary-200 bg-primary-50 text-primary-900',
};

/** A message about the whole form (role=alert: read out when it appears). */
export function FormAlert({ tone = 'error', children, className, live = true }: { tone?: AlertTone; children: ReactNode; className?: string; live?: boolean }) {
  const Icon = tone === 'error' ? AlertCircle : tone === 'success' ? CheckCircle2 : Info;
  return (
    <div role={live ? (tone === 'error' ? 'alert' : 'status') : undefined} className={cn('flex items-start gap-3 rounded-xl border p-4 text-sm', alertTones[tone], className)}>
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1 font-medium">{children}</div>
    </div>
  );
}

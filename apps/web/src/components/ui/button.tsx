import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from './cn';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'ghost' | 'on-dark' | 'danger';
export type ButtonSize = 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-xl font-semibold text-center no-underline ' +
  'transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 select-none';

const variants: Record<ButtonVariant, string> = {
  // white on primary-600: 8.4:1
  primary: 'bg-primary-600 text-white hover:bg-primary-700 active:bg-primary-800',
  // ink on saffron-400: 9.6:1. The booking call to action; use sparingly.
  accent: 'bg-saffron-400 text-ink hover:bg-saffron-300 active:bg-saffron-500',
  secondary: 'border border-sand-500 bg-white text-ink hover:bg-sand-100 active:bg-sand-200',
  ghost: 'text-primary-700 hover:bg-primary-50 active:bg-primary-100',
  // For dark (primary-950) surfaces.
  'on-dark': 'border border-sand-200/70 text-sand-50 hover:bg-white/10 active:bg-white/15',
  // Destructive confirmations (cancel a booking). White on cancelled (#7f1d1d): 10:1.
  danger: 'bg-cancelled text-white hover:bg-cancelled/90 active:bg-cancelled/80',
};

// Every size keeps the 44 px minimum touch target.
const sizes: Record<ButtonSize, string> = {
  md: 'min-h-11 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
};

export function buttonClass(options: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  const { variant = 'primary', size = 'md', className } = options;
  return cn(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A router link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClass({ variant, size, className: typeof className === 'string' ? className : undefined })} {...props} />;
}

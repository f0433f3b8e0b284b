import { cn } from '../../components/ui/cn';

/** The arched-doorway mark (same drawing as public/favicon.svg). Decorative; the link around it is named. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={cn('shrink-0', className)}>
      <rect width="64" height="64" rx="14" fill="#2b3fb6" />
      <path fill="#f2b33d" fillRule="evenodd" d="M16 54V29a16 16 0 0 1 32 0v25zm8-2h16V30a8 8 0 0 0-16 0z" />
    </svg>
  );
}

/** Mark and wordmark. The wordmark stays Latin "Khedma" in every language (it is the brand). */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <span className="inline-flex items-center gap-2">
      <LogoMark className="size-9" />
      <span
        lang="en"
        className={cn('font-sans text-xl font-bold tracking-tight', tone === 'dark' ? 'text-primary-900' : 'text-white')}
      >
        Khedma
      </span>
    </span>
  );
}

import { Eye, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { cn } from './cn';

export interface RevealableValueProps {
  /** The value as the server sent it (masked); null: nothing to show. */
  masked: string | null;
  /** Asks the server for the full value: a request of its own, which the server checks and logs. */
  reveal: () => Promise<{ value: string | null }>;
  /** Whether to offer Reveal (the server refuses anyway without the right). */
  canReveal?: boolean;
  /** The button's visible text, its accessible name (which value of whom), and the copy for none and a failure. */
  revealText: string;
  revealLabel: string;
  noneText: string;
  failedText: string;
  testId: string;
}

/**
 * A sensitive value the server sent masked, with a Reveal button (the admin's review of applications,
 * the finance admin's payouts). The revealed value lives in this component only, left to right and
 * selectable whole, to be copied.
 */
export function RevealableValue({ masked, reveal, canReveal = true, revealText, revealLabel, noneText, failedText, testId }: RevealableValueProps) {
  const [value, setValue] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!masked) return <span className="text-ink-muted">{noneText}</span>;
  async function onReveal() {
    setBusy(true);
    try {
      const res = await reveal();
      setValue(res.value ?? '');
    } catch {
      toast.error(failedText);
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <bdi dir="ltr" className={cn('font-mono text-sm break-all', value !== null && 'select-all')} data-testid={testId}>
        {value ?? masked}
      </bdi>
      {value === null && canReveal ? (
        <button
          type="button"
          onClick={() => void onReveal()}
          disabled={busy}
          aria-label={revealLabel}
          className="inline-flex min-h-8 items-center gap-1 rounded-lg px-2 text-xs font-semibold text-primary-700 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-600 disabled:opacity-60"
        >
          {busy ? <Loader2 aria-hidden="true" className="size-3.5 animate-spin" /> : <Eye aria-hidden="true" className="size-3.5" />}
          {revealText}
        </button>
      ) : null}
    </span>
  );
}

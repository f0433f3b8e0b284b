import type { ReactNode } from 'react';

/** One labelled fact of the details view (a <dt>/<dd> pair). */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-3 py-2 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="min-w-0 font-medium break-words text-ink">{children}</dd>
    </div>
  );
}

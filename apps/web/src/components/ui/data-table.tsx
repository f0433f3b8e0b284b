import type { ReactNode } from 'react';
import { RetryAlert } from './retry-alert';

/** What a list page reads from its TanStack query. */
interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

export interface DataTableColumn {
  label: string;
  /** Said to screen readers only (a column of row actions, such as "Mark as paid"). */
  srOnly?: boolean;
}

/**
 * A list page's table: a placeholder while the query loads, the page's load-failed message with Try
 * again, the page's empty message, or the table (scrolling sideways on a phone) with `rows(data)` as its
 * body. Column headers are `scope="col"`, aligned to the start in both directions.
 */
export function DataTable<T>({
  query,
  columns,
  isEmpty,
  loadFailed,
  empty,
  rows,
}: {
  query: ListQuery<T>;
  columns: DataTableColumn[];
  isEmpty: (data: T) => boolean;
  loadFailed: string;
  empty: ReactNode;
  rows: (data: T) => ReactNode;
}) {
  if (query.isPending) return <div className="h-40 animate-pulse rounded-card bg-sand-100 motion-reduce:animate-none" />;
  if (query.isError || query.data === undefined) return <RetryAlert message={loadFailed} onRetry={() => void query.refetch()} />;
  if (isEmpty(query.data)) return <p className="rounded-card border border-sand-200 bg-white p-6 text-ink-muted">{empty}</p>;
  return (
    // `relative`: the column headers said to screen readers only (`sr-only`, absolutely positioned) stay
    // inside the scrolling box instead of widening the page on a phone. `overflow-wrap: normal`: the
    // columns size from whole words (the table scrolls sideways) rather than from single letters, which
    // the body's `overflow-wrap: anywhere` would allow.
    <div className="relative overflow-x-auto rounded-card border border-sand-200 bg-white">
      <table className="w-full text-sm [overflow-wrap:normal]">
        <thead className="bg-sand-50 text-ink">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className="px-4 py-3 text-start font-semibold">
                {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-sand-100">{rows(query.data)}</tbody>
      </table>
    </div>
  );
}

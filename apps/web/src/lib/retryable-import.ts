/**
 * Wraps a dynamic import so that a failure is not remembered: calls while it is under way share it, a
 * success is kept, and after a failure (offline, a dropped connection) the next call imports again.
 * React.lazy and a plain `promise ??= import(...)` both keep the rejected promise for good.
 */
export function retryableImport<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/**
 * Writes that many requests make at once, sent as one statement: `coalesce(flush)` gives an `add`
 * whose promise settles when the batch holding its item was flushed. One flush at a time; what arrives
 * meanwhile waits for the next, so a quiet server writes each item at once (a batch of one) and a busy
 * one sends fewer, larger statements (the booking create's email job, bench/README.md "Booking").
 */
export function coalesce<T>(flush: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  let waiting: Array<{ item: T; resolve: () => void; reject: (err: unknown) => void }> = [];
  let flushing = false;
  const next = async () => {
    flushing = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await flush(batch.map((w) => w.item));
        for (const w of batch) w.resolve();
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    flushing = false;
  };
  return (item) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!flushing) void next();
    });
}

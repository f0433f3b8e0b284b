/**
 * Catalogue facts a booking needs on every create (the service, the city, add-ons, the price),
 * kept in memory for a short while: they change rarely, and reading them costs four round trips
 * per booking. Every instance drops its copy when the catalogue changes (the catalogue's NOTIFY,
 * CATALOG_CHANNEL) and entries expire after 30 s in any case, so an edited price applies within
 * seconds everywhere. The price is still recomputed and stored per booking.
 */
export class ReferenceCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 2_000,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    this.entries.set(key, { at: now, value });
    // A failed load is not kept.
    value.catch(() => this.entries.delete(key));
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

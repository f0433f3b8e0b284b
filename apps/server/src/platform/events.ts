/**
 * In-process typed events between modules: how two capabilities meet without importing each other in
 * a circle (bookings announces `booking.completed`, payments schedules the escrow release; payments
 * announces `payment.expired`, bookings tells both parties). docs/decisions/0011-jobs-and-modules.md.
 *
 * - The map of events is `DomainEvents`, which each module extends in its own `*.events.ts` with
 *   `declare module '../../platform/events'`: the emitter and the listeners share the payload type
 *   without one importing the other.
 * - `emit` awaits every listener in registration order and lets their errors through. An event
 *   emitted inside a transaction carries the transaction (`tx`), so what a listener writes commits or
 *   rolls back with the emitter's change. Work that must happen after a commit (email, SMS, push) is
 *   a durable job (platform/jobs.ts), never a listener's fire-and-forget.
 */

/** Extended by the modules (`*.events.ts`); empty here so that platform imports no module. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainEvents {}

export type DomainEventName = keyof DomainEvents;
export type DomainEventListener<K extends DomainEventName> = (event: DomainEvents[K]) => Promise<void> | void;

export class EventBus {
  private readonly listeners = new Map<DomainEventName, Array<DomainEventListener<never>>>();

  on<K extends DomainEventName>(name: K, listener: DomainEventListener<K>): () => void {
    const list = this.listeners.get(name) ?? [];
    list.push(listener as DomainEventListener<never>);
    this.listeners.set(name, list);
    return () => {
      const at = list.indexOf(listener as DomainEventListener<never>);
      if (at >= 0) list.splice(at, 1);
    };
  }

  async emit<K extends DomainEventName>(name: K, event: DomainEvents[K]): Promise<void> {
    for (const listener of [...(this.listeners.get(name) ?? [])]) await (listener as DomainEventListener<K>)(event);
  }
}

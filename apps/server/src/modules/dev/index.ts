/** What other modules may use of dev: its factory (app.ts). */
export { createDevModule } from './dev.module';
// The development outbox: the store app.ts hands to AppContext as the adapters' sink (platform/outbox-sink.ts).
export { OutboxRepository } from './outbox.repository';

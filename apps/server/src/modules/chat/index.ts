/** What other modules may import of chat: its factory (app.ts); its file rules (support tickets, job requests and claims' photos reuse them: docs/support.md, docs/job-quotes.md, docs/claims.md). */
export { prepareChatFile, type PreparedChatFile } from './attachment';
export { createChatModule } from './chat.module';
// A user's browsers for web push (/api/push/* writes them): bookings, lateness and support push through them.
export { PushSubscriptions, type PushSubscriptionRow } from './push-subscriptions';

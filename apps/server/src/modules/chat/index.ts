/** What other modules may import of chat: its file rules (support tickets, job requests and claims' photos reuse them: docs/support.md, docs/job-quotes.md, docs/claims.md). */
export { prepareChatFile, type PreparedChatFile } from './chat-file';

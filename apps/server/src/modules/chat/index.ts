/** What other modules may import of chat: its file rules (support tickets and job requests reuse them: docs/support.md, docs/job-quotes.md). */
export { prepareChatFile, type PreparedChatFile } from './chat-file';

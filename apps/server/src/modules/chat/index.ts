/** What other modules may import of chat: its file rules (support tickets reuse them: docs/support.md). */
export { prepareChatFile, type PreparedChatFile } from './chat-file';

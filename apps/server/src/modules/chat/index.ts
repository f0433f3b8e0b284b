/** What other modules may use of chat: the upload rules of its files (guarantee claims' photos reuse them). */
export { prepareChatFile, type PreparedChatFile } from './chat-file';

/** What other modules may use of chat: the one check of an uploaded file (types by content, images re-encoded). */
export { prepareChatFile, type PreparedChatFile } from './chat-file';

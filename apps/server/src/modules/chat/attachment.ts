import { CHAT_MESSAGES, CHAT_RULES } from '@khedma/shared';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../http/errors';
import { assertPlainPdf } from '../../http/pdf-active-content';

export interface PreparedChatFile {
  body: Buffer;
  contentType: string;
  /** `image` is shown in the conversation; `file` is offered as a download. */
  type: 'image' | 'file';
}

const refuse = (code: 'UNSUPPORTED_MEDIA_TYPE' | 'VALIDATION_FAILED' | 'PAYLOAD_TOO_LARGE', message: string) =>
  new AppError(code, message, { file: message });

// About 50 megapixels: a real photo fits, a decompression bomb does not.
const MAX_INPUT_PIXELS = 50_000_000;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Plain text: valid UTF-8 with no control characters other than tab, line breaks and form feed. */
function isPlainTextFile(input: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(input);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

/**
 * A chat upload as it will be stored (docs/chat.md): the type read from its bytes with file-type (the
 * name and the declared type are never trusted). Images (JPEG, PNG, WebP) are re-encoded by sharp,
 * turned upright and without metadata (a phone photo's EXIF carries its GPS position); GIF is kept
 * as sent (animated). PDF (without active content: http/pdf-active-content.ts), DOCX and Word 97 (.doc, an OLE compound file) are kept as sent and served
 * as downloads; a .txt is accepted only when its bytes are plain UTF-8 text.
 */
export async function prepareChatFile(input: Buffer, fileName: string): Promise<PreparedChatFile> {
  if (input.length === 0) throw refuse('VALIDATION_FAILED', CHAT_MESSAGES.fileType);
  if (input.length > CHAT_RULES.maxFileBytes) throw refuse('PAYLOAD_TOO_LARGE', CHAT_MESSAGES.fileTooLarge);
  const sniffed = await fileTypeFromBuffer(input);
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  const mime = sniffed?.mime;
  if (mime === 'image/jpeg' || mime === 'image/png' || mime === 'image/webp') {
    try {
      const format = mime === 'image/jpeg' ? 'jpeg' : mime === 'image/png' ? 'png' : 'webp';
      const body = await sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate().toFormat(format).toBuffer();
      if (body.length > CHAT_RULES.maxFileBytes) throw refuse('PAYLOAD_TOO_LARGE', CHAT_MESSAGES.fileTooLarge);
      return { body, contentType: mime, type: 'image' };
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw refuse('UNSUPPORTED_MEDIA_TYPE', CHAT_MESSAGES.fileType);
    }
  }
  if (mime === 'image/gif') return { body: input, contentType: mime, type: 'image' };
  if (mime === 'application/pdf') {
    assertPlainPdf(input);
    return { body: input, contentType: mime, type: 'file' };
  }
  if (mime === DOCX) return { body: input, contentType: mime, type: 'file' };
  // Word 97-2003 is an OLE compound file, as are .xls and .msi: accepted only under a .doc name.
  if (mime === 'application/x-cfb' && ext === 'doc') return { body: input, contentType: 'application/msword', type: 'file' };
  if (!sniffed && ext === 'txt' && isPlainTextFile(input)) return { body: input, contentType: 'text/plain; charset=utf-8', type: 'file' };
  throw refuse('UNSUPPORTED_MEDIA_TYPE', CHAT_MESSAGES.fileType);
}

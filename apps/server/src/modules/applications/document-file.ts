import { APPLICATION_DOCUMENT_RULES, APPLICATION_MESSAGES, acceptsPdf, type ApplicationDocumentKind } from '@khedma/shared';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../http/errors';
import { assertPlainPdf } from '../../http/pdf-active-content';

// About 50 megapixels: a real photo or scan fits, a decompression bomb does not.
const MAX_INPUT_PIXELS = 50_000_000;

export interface PreparedDocument {
  body: Buffer;
  contentType: 'image/jpeg' | 'application/pdf';
  extension: 'jpg' | 'pdf';
}

const refuse = (code: 'UNSUPPORTED_MEDIA_TYPE' | 'VALIDATION_FAILED' | 'PAYLOAD_TOO_LARGE', message: string) =>
  new AppError(code, message, { file: message });

/**
 * An uploaded document as it will be stored: its type read from its bytes (file-type; the name and the
 * declared type are never trusted), images decoded and re-encoded by sharp as JPEG (quality 90, docs/professionals.md)
 * turned upright and without any metadata (EXIF with GPS position, XMP, ICC), so that what reviewers
 * open is a plain picture. A PDF is kept as sent (it is served only to its owner and reviewers, as a
 * download-safe sandboxed response).
 */
export async function prepareDocument(kind: ApplicationDocumentKind, input: Buffer): Promise<PreparedDocument> {
  if (input.length === 0) throw refuse('VALIDATION_FAILED', APPLICATION_MESSAGES.documentEmpty);
  if (input.length > APPLICATION_DOCUMENT_RULES.maxBytes) throw refuse('PAYLOAD_TOO_LARGE', APPLICATION_MESSAGES.documentTooLarge);
  const type = await fileTypeFromBuffer(input);
  const typeMessage = acceptsPdf(kind) ? APPLICATION_MESSAGES.documentType : APPLICATION_MESSAGES.photoType;
  if (type?.mime === APPLICATION_DOCUMENT_RULES.pdfType && acceptsPdf(kind)) {
    // file-type recognises the header; a PDF also ends with its %%EOF marker (a renamed fragment does not).
    if (!input.subarray(Math.max(0, input.length - 1024)).includes('%%EOF')) throw refuse('UNSUPPORTED_MEDIA_TYPE', APPLICATION_MESSAGES.documentUnreadable);
    // Reviewers open it: no scripts, automatic actions or embedded files (issue 38).
    assertPlainPdf(input);
    return { body: input, contentType: 'application/pdf', extension: 'pdf' };
  }
  if (!type || !(APPLICATION_DOCUMENT_RULES.imageTypes as readonly string[]).includes(type.mime)) {
    throw refuse('UNSUPPORTED_MEDIA_TYPE', typeMessage);
  }
  try {
    const side = APPLICATION_DOCUMENT_RULES.maxImageSide;
    const body = await sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: APPLICATION_DOCUMENT_RULES.jpegQuality, mozjpeg: true })
      .toBuffer();
    return { body, contentType: 'image/jpeg', extension: 'jpg' };
  } catch {
    // A truncated or forged image: a clear 415, never a 500.
    throw refuse('UNSUPPORTED_MEDIA_TYPE', APPLICATION_MESSAGES.documentUnreadable);
  }
}

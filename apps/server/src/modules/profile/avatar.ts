import { PROFILE_LIMITS, PROFILE_MESSAGES } from '@khedma/shared';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../http/errors';

/** Image types accepted for an avatar, by their bytes (never by the file name or the declared type). */
export const AVATAR_INPUT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heic', 'image/heif'] as const;

// About 50 megapixels: a real photo fits, a decompression bomb does not.
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Turns an uploaded picture into the stored avatar: checked by its bytes, turned upright by its
 * EXIF orientation, cover-cropped to a 512x512 square, written as WebP (quality 85) with every
 * metadata block (EXIF, GPS, XMP, ICC) left out.
 */
export async function processAvatar(input: Buffer): Promise<Buffer> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !(AVATAR_INPUT_TYPES as readonly string[]).includes(type.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', PROFILE_MESSAGES.avatarType, { file: PROFILE_MESSAGES.avatarType });
  }
  try {
    return await sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(PROFILE_LIMITS.avatarSize, PROFILE_LIMITS.avatarSize, { fit: 'cover', position: 'centre' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    // A truncated or forged image, or a format this build cannot decode (HEIC needs a codec sharp's
    // prebuilt binaries do not ship): a clear 415 rather than a 500.
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', PROFILE_MESSAGES.avatarUnreadable, { file: PROFILE_MESSAGES.avatarUnreadable });
  }
}

/**
 * A claim's photo (docs/claims.md): the chat's file rules (modules/chat: type read from the bytes, size,
 * images re-encoded upright without their metadata), and of the chat's types only the photos.
 */
import { CLAIM_MESSAGES, CLAIM_RULES } from '@khedma/shared/domain/claims';
import { AppError } from '../../http/errors';
import { prepareChatFile } from '../chat';

export async function prepareClaimPhoto(upload: Buffer): Promise<{ body: Buffer; contentType: string }> {
  const prepared = await prepareChatFile(upload, 'photo');
  if (prepared.type !== 'image' || !CLAIM_RULES.photoTypes.includes(prepared.contentType)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', CLAIM_MESSAGES.photoType, { file: CLAIM_MESSAGES.photoType });
  }
  return { body: prepared.body, contentType: prepared.contentType };
}

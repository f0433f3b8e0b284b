import {
  EDITABLE_PROFILE_FIELDS,
  PROFILE_MESSAGES,
  can,
  sessionPermissions,
  type EditableProfileField,
  type MeResponse,
  type Profile,
  type SessionUser,
} from '@khedma/shared';
import { AppError, badRequest, forbidden } from '../../http/errors';
import { randomFileId, type Storage } from '../../platform/storage';
import { processAvatar } from './avatar';
import type { ProfileChanges, ProfileRepository } from './profile.repository';

export const PROFILE_NOT_FOUND = 'Profile not found';
const AVATAR_PATH_PREFIX = '/api/files/avatars/';
const AVATAR_FILE_RE = /^[a-f0-9]{32}\.webp$/;

/** Where the avatar `key` of storage is served (same origin, public). */
export const avatarUrlFor = (key: string) => `/api/files/${key}`;

/** The storage key behind one of our avatar URLs of `userId`, or null for anything else. */
export function avatarKeyOf(url: string | null, userId: string): string | null {
  if (!url || !url.startsWith(`${AVATAR_PATH_PREFIX}${userId}/`)) return null;
  const file = url.slice(`${AVATAR_PATH_PREFIX}${userId}/`.length);
  return AVATAR_FILE_RE.test(file) ? `avatars/${userId}/${file}` : null;
}

// How much of a refused field we keep in the audit log.
const MAX_AUDITED_FIELDS = 20;
const MAX_AUDITED_VALUE = 200;

function auditValue(v: unknown): unknown {
  if (typeof v === 'string') return v.slice(0, MAX_AUDITED_VALUE);
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return v;
  const json = JSON.stringify(v) ?? '';
  return json.length > MAX_AUDITED_VALUE ? `${json.slice(0, MAX_AUDITED_VALUE)}...` : v;
}

/** Profile use cases (docs/accounts.md Profile, §5 profile rules). */
export class ProfileService {
  constructor(
    private readonly repo: ProfileRepository,
    private readonly storage: Storage,
  ) {}

  async get(user: SessionUser): Promise<Profile> {
    const profile = await this.repo.findById(user.id);
    if (!profile) throw new AppError('NOT_FOUND', PROFILE_NOT_FOUND);
    return profile;
  }

  /** GET /api/me: the signed-in user with their own profile, latest application and permissions. */
  async me(user: SessionUser): Promise<MeResponse> {
    const [profile, application, isProfessional] = await Promise.all([
      this.repo.findById(user.id),
      this.repo.latestApplication(user.id),
      user.userType === 'pro' ? this.repo.isProfessional(user.id) : Promise.resolve(false),
    ]);
    return { user, profile, application, permissions: sessionPermissions(user, { isProfessional }) };
  }

  /**
   * Only name, phone, location, full_name, about_me, avatar_url and locale change. Any other field
   * of the request (user_type, email, role, id ...) is dropped and the attempt is written to the audit
   * log as role_change_attempt: users cannot change their own role or email.
   */
  async update(user: SessionUser, body: Record<string, unknown>): Promise<Profile> {
    if (!can(user, 'profile:update:own')) throw forbidden();
    const changes: ProfileChanges = {};
    const refused: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(body)) {
      if ((EDITABLE_PROFILE_FIELDS as readonly string[]).includes(key)) {
        if (value !== undefined) changes[key as EditableProfileField] = value as string | null;
      } else if (Object.keys(refused).length < MAX_AUDITED_FIELDS) {
        refused[key] = auditValue(value);
      }
    }
    if (changes.avatar_url !== undefined && changes.avatar_url !== null && !avatarKeyOf(changes.avatar_url, user.id)) {
      throw badRequest(PROFILE_MESSAGES.avatarUrl, { avatar_url: PROFILE_MESSAGES.avatarUrl });
    }

    await this.repo.createIfMissing(user.id, user.email, user.id);
    const current = (await this.repo.findById(user.id))!;
    if (Object.keys(refused).length > 0) {
      const fields = Object.keys(refused);
      const currentValues = current as unknown as Record<string, unknown>;
      await this.repo.audit({
        profileId: user.id,
        changedBy: user.id,
        changeType: 'role_change_attempt',
        oldValues: Object.fromEntries(fields.map((f) => [f, f in currentValues ? currentValues[f] : null])),
        newValues: refused,
        changedFields: fields,
      });
    }

    const result = await this.repo.update(user.id, user.id, changes);
    if (!result) throw new AppError('NOT_FOUND', PROFILE_NOT_FOUND);
    if (result.changed.includes('avatar_url')) await this.removeAvatarFile(result.before.avatar_url, user.id);
    return result.after;
  }

  /** Stores a new avatar (see processAvatar) and points the profile at it; the old file goes. */
  async setAvatar(user: SessionUser, upload: Buffer): Promise<Profile> {
    if (!can(user, 'profile:update:own')) throw forbidden();
    const webp = await processAvatar(upload);
    const key = `avatars/${user.id}/${randomFileId()}.webp`;
    await this.storage.put(key, webp, 'image/webp');
    try {
      await this.repo.createIfMissing(user.id, user.email, user.id);
      const result = await this.repo.update(user.id, user.id, { avatar_url: avatarUrlFor(key) }, 'avatar_update');
      if (!result) throw new AppError('NOT_FOUND', PROFILE_NOT_FOUND);
      await this.removeAvatarFile(result.before.avatar_url, user.id);
      return result.after;
    } catch (err) {
      await this.storage.delete(key).catch(() => {});
      throw err;
    }
  }

  private async removeAvatarFile(url: string | null, userId: string) {
    const key = avatarKeyOf(url, userId);
    if (key) await this.storage.delete(key).catch(() => {});
  }
}

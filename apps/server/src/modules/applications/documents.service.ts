import { APPLICATION_MESSAGES, type ApplicationDocumentKind, type ApplicationDraft, type SessionUser } from '@khedma/shared';
import { AppError, notFound } from '../../http/errors';
import { randomFileId, type Storage, type StoredFile } from '../../platform/storage';
import type { ApplicationsRepository } from './applications.repository';
import { prepareDocument } from './document-file';
import type { DraftService } from './draft.service';

/** Longest original file name kept (shown back to the applicant only). */
const NAME_MAX = 120;

/** Where an applicant's documents live in the private storage: one folder per user, random names. */
export const documentKey = (userId: string, extension: string) => `applications/${userId}/${randomFileId()}.${extension}`;

/**
 * Step 6: identity documents. Each upload is checked and cleaned (document-file.ts), stored privately
 * (platform/storage.ts, never a public URL), and recorded in the applicant's draft; a new upload of the
 * same kind replaces the previous file. Files are read back through the owner's session only.
 */
export class DocumentsService {
  constructor(
    private readonly repo: ApplicationsRepository,
    private readonly storage: Storage,
    private readonly drafts: DraftService,
  ) {}

  async upload(user: SessionUser, kind: ApplicationDocumentKind, input: Buffer, fileName: string): Promise<ApplicationDraft> {
    const doc = await prepareDocument(kind, input);
    const key = documentKey(user.id, doc.extension);
    await this.storage.put(key, doc.body, doc.contentType);
    let replaced: string | undefined;
    try {
      await this.repo.transaction(async (repo) => {
        const data = (await repo.draftForUpdate(user.id)) ?? {};
        replaced = data.documents?.[kind]?.key;
        const record = { key, contentType: doc.contentType, size: doc.body.length, name: cleanName(fileName, doc.extension), uploadedAt: new Date().toISOString() };
        await repo.saveDraft(user.id, { ...data, documents: { ...data.documents, [kind]: record } });
      });
    } catch (err) {
      await this.storage.delete(key).catch(() => {});
      throw err;
    }
    if (replaced) await this.storage.delete(replaced).catch(() => {});
    return this.drafts.get(user);
  }

  async remove(user: SessionUser, kind: ApplicationDocumentKind): Promise<ApplicationDraft> {
    let removed: string | undefined;
    await this.repo.transaction(async (repo) => {
      const data = (await repo.draftForUpdate(user.id)) ?? {};
      removed = data.documents?.[kind]?.key;
      if (!removed) return;
      const documents = { ...data.documents };
      delete documents[kind];
      await repo.saveDraft(user.id, { ...data, documents });
    });
    if (removed) await this.storage.delete(removed).catch(() => {});
    return this.drafts.get(user);
  }

  /** A document of the user's own draft. */
  async readDraft(user: SessionUser, kind: ApplicationDocumentKind): Promise<StoredFile> {
    const key = (await this.repo.draft(user.id))?.data.documents?.[kind]?.key;
    return this.read(key);
  }

  /** A document of one of the user's own applications; another user's is "not found" (no hint that it exists). */
  async readSubmitted(user: SessionUser, applicationId: string, kind: ApplicationDocumentKind): Promise<StoredFile> {
    const keys = await this.repo.documentKeysOf(user.id, applicationId);
    return this.read(keys?.[kind] ?? undefined);
  }

  private async read(key: string | undefined): Promise<StoredFile> {
    const file = key ? await this.storage.get(key) : null;
    if (!file) throw notFound('Document not found');
    return file;
  }
}

function cleanName(name: string, extension: string): string {
  // Only what is safe to show: letters, digits, dot, dash, underscore and spaces.
  const base = name.replace(/[^\p{L}\p{N}._ -]+/gu, '').trim().slice(0, NAME_MAX);
  return base || `document.${extension}`;
}

export const documentMissing = () => new AppError('VALIDATION_FAILED', APPLICATION_MESSAGES.document, { file: APPLICATION_MESSAGES.document });

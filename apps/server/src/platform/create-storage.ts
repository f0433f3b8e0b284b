import path from 'node:path';
import type { Config } from '../config';
import { LocalDiskStorage, type Storage } from './storage';
import { S3Storage } from './storage-s3';

/** The object store when S3_BUCKET is set (storage-s3.ts), else the local disk under DATA_DIR/uploads. */
export function createStorage(config: Pick<Config, 'dataDir' | 'authSecret' | 's3'>): Storage {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalDiskStorage(path.join(config.dataDir, 'uploads'), config.authSecret);
}

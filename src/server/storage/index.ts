import type { Queryable } from '../db/client.ts';
import { createPostgresFileStore } from './repository.ts';
import type { FileStore } from './service.ts';

// What other domains use of storage: the two stores and the encryption of identity documents.
export { readDecrypted, reencryptUnderCurrentKey, storeEncrypted, type FileStore } from './service.ts';

/** The store for identity documents (encrypted before they get there: service.ts). */
export function createDocumentFileStore(db: Queryable): FileStore {
  return createPostgresFileStore(db);
}

/** The store for catalogue pictures and their widths (catalogue-media). */
export function createPictureFileStore(db: Queryable): FileStore {
  return createPostgresFileStore(db);
}

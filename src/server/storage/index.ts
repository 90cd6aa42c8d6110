import type { Queryable } from '../db/client.ts';
import type { FileStore } from './file-store.ts';
import { createPostgresFileStore } from './repository.ts';

export type { FileStore } from './file-store.ts';

/** The store for identity documents (encrypted before they get there: service.ts). */
export function createDocumentFileStore(db: Queryable): FileStore {
  return createPostgresFileStore(db);
}

/** The store for catalogue pictures and their widths (catalogue-media). */
export function createPictureFileStore(db: Queryable): FileStore {
  return createPostgresFileStore(db);
}

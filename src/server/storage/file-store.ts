/**
 * Where stored files' bytes live: one small interface, so the shop can keep them in PostgreSQL
 * (every process reads them, whatever its DATA_DIR: stored-files-repository.ts) or, later, in
 * an S3-compatible store, without its callers changing.
 */
export interface FileStore {
  put(name: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when nothing is stored under that name. */
  get(name: string): Promise<Buffer | null>;
}

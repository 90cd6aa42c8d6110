import { getPool } from '../db/client.ts';
import { createDocumentService } from './service.ts';

export type { DocumentSide, StoredDocument } from './repository.ts';
// Registration stores the two files in its own transaction: the service on that transaction.
export { createDocumentService };
export { readDocumentUpload } from './routes.ts';

/** The identity-document files of customers on the shop's pool, for pages and endpoints. */
export function getDocumentService() {
  return createDocumentService({ db: getPool() });
}

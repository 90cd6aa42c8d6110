// The identity-document files of a customer over HTTP (decision 0720): the upload reader that
// registration and the profile form share, and the owner's download.
import { DOCUMENT_MAX_BYTES } from '#lib/contract/accounts.ts';
import { formMessages } from '#lib/i18n/forms.ts';
import { uploadMessages } from '#lib/i18n/uploads.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
// The session check from accounts' service, not accounts/index.ts: accounts' routes read this
// file's upload reader, so loading them from here would make an import cycle.
import { requireSignedIn } from '../accounts/service.ts';
import { getPool } from '../db/client.ts';
import { withDomainErrors as route } from '../http/error-result.ts';
import { parseMultipart } from '../http/multipart.ts';
import { rawResult, type BodySource, type FieldErrors } from '../http/responses.ts';
import { cleanIdentityDocument } from './document-check.ts';
import { documentError } from './errors.ts';
import type { DocumentSide } from './repository.ts';
import { createDocumentService } from './service.ts';

type CleanFiles = Partial<Record<DocumentSide, { bytes: Buffer; contentType: string }>>;

interface UploadRead {
  fields: Record<string, string>;
  files: CleanFiles;
  fileErrors: FieldErrors;
}

const SIDES: readonly DocumentSide[] = ['frente', 'verso'];
const REFUSAL_MESSAGES = { pdf_active: 'pdfActive', pdf_unreadable: 'pdfUnreadable', too_complex: 'tooComplex' } as const;

/**
 * Reads a multipart body with the identity-document files frente/verso: refused 413 past 5 MB,
 * 415 when not multipart; each file checked by content and cleaned (errors per field for the form).
 */
export async function readDocumentUpload(body: BodySource, locale: Locale, required: boolean): Promise<UploadRead> {
  const f = createTranslator(formMessages, locale);
  const u = createTranslator(uploadMessages, locale);
  const parsed = await parseMultipart(body, { fileFields: SIDES, maxFileBytes: DOCUMENT_MAX_BYTES });
  if (!parsed.ok) {
    if (parsed.reason === 'too_large') throw documentError('too_large', 'fileSizeError', { headers: { connection: 'close' } });
    if (parsed.reason === 'unsupported') throw documentError('unsupported', 'unsupportedMediaType');
    throw documentError('bad_request', 'invalidInput');
  }
  const files: CleanFiles = {};
  const fileErrors: FieldErrors = {};
  for (const side of SIDES) {
    const upload = parsed.files[side];
    if (!upload) {
      if (required) fileErrors[side] = [f('required')];
      continue;
    }
    const clean = await cleanIdentityDocument(upload.bytes);
    if (clean.ok) files[side] = { bytes: clean.bytes, contentType: clean.contentType };
    else fileErrors[side] = [clean.reason === 'type' ? f('fileTypeError') : u(REFUSAL_MESSAGES[clean.reason])];
  }
  return { fields: parsed.fields, files, fileErrors };
}

// Wired here on the shop's pool, not taken from index.ts, which re-exports readDocumentUpload:
// importing it back would make an import cycle.
const getDocumentService = () => createDocumentService({ db: getPool() });

/** GET /ecom/cliente/documentos/{uuid}: the owner's identity-document file, as an attachment. */
export const getDocument = route(async ({ locals, id }) => {
  const customer = requireSignedIn(locals);
  const document = await getDocumentService().readDocument(customer.id, id);
  if (!document) throw documentError('not_found', 'resourceNotFound');
  const extension = document.contentType === 'application/pdf' ? 'pdf' : document.contentType === 'image/jpeg' ? 'jpg' : 'png';
  return rawResult(200, new Uint8Array(document.bytes), {
    'content-type': document.contentType,
    'content-disposition': `attachment; filename="documento-${document.side}.${extension}"`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
    'content-security-policy': "default-src 'none'; sandbox",
  });
});

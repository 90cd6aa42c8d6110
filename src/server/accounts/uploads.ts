import { DOCUMENT_MAX_BYTES } from '#lib/contract/accounts.ts';
import { uploadMessages } from '#lib/i18n/uploads.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import type { BodySource, FieldErrors } from '../http/responses.ts';
import { cleanIdentityDocument } from '../storage/identity-documents.ts';
import { parseMultipart } from '../storage/multipart.ts';
import type { DocumentSide } from './documents.ts';
import { accountError } from './errors.ts';
import { getAccountTexts } from './http.ts';

export type CleanFiles = Partial<Record<DocumentSide, { bytes: Buffer; contentType: string }>>;

export interface UploadRead {
  fields: Record<string, string>;
  files: CleanFiles;
  fileErrors: FieldErrors;
}

const SIDES: readonly DocumentSide[] = ['frente', 'verso'];

/**
 * Reads a multipart body with the identity-document files frente/verso: refused 413 past 5 MB,
 * 415 when not multipart; each file checked by content and cleaned (errors per field for the form).
 */
export async function readDocumentUpload(body: BodySource, locale: Locale, required: boolean): Promise<UploadRead> {
  const { f } = getAccountTexts(locale);
  const u = createTranslator(uploadMessages, locale);
  const parsed = await parseMultipart(body, { fileFields: SIDES, maxFileBytes: DOCUMENT_MAX_BYTES });
  if (!parsed.ok) {
    if (parsed.reason === 'too_large') throw accountError('too_large', 'fileSizeError', { headers: { connection: 'close' } });
    if (parsed.reason === 'unsupported') throw accountError('unsupported', 'unsupportedMediaType');
    throw accountError('bad_request', 'invalidInput');
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
    else
      fileErrors[side] = [clean.reason === 'type' ? f('fileTypeError') : u(clean.reason === 'pdf_active' ? 'pdfActive' : 'pdfUnreadable')];
  }
  return { fields: parsed.fields, files, fileErrors };
}

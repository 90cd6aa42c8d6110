import { Readable } from 'node:stream';
import busboy from 'busboy';
import type { BodySource } from './responses.ts';

export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

export type MultipartResult =
  | { ok: true; fields: Record<string, string>; files: Record<string, UploadedFile> }
  | { ok: false; reason: 'too_large' | 'bad_request' | 'unsupported' };

/** The longest text field of a form, in bytes (the longest form field, an address line, is far shorter). */
const MAX_FIELD_BYTES = 4096;
const MAX_FIELD_NAME_CHARS = 100;

export interface MultipartLimits {
  fileFields: readonly string[];
  maxFileBytes: number;
  maxFields?: number;
}

function toParts(source: Request | BodySource) {
  if (source instanceof Request) {
    return { type: source.headers.get('content-type') ?? '', length: source.headers.get('content-length'), stream: source.body };
  }
  return { type: source.contentType ?? '', length: source.contentLength, stream: source.stream() };
}

/**
 * Streams a multipart body through busboy with hard limits. A file past `maxFileBytes` stops the
 * parse at once (the rest of the body is not read) and answers too_large; unknown file fields,
 * more fields or parts than allowed, a field past 4 kB (or its name past 100 characters) and more than 20 headers a part are
 * refused; a declared Content-Length beyond what the limits allow is refused before reading.
 */
export async function parseMultipart(source: Request | BodySource, limits: MultipartLimits): Promise<MultipartResult> {
  const { type, length, stream } = toParts(source);
  if (!/^multipart\/form-data\b/i.test(type) || !stream) return { ok: false, reason: 'unsupported' };
  const declared = Number(length ?? 0);
  const maxBody = limits.fileFields.length * limits.maxFileBytes + 256 * 1024;
  if (declared > maxBody) return { ok: false, reason: 'too_large' };

  const maxFields = limits.maxFields ?? 60;
  const body = Readable.fromWeb(stream as import('node:stream/web').ReadableStream);
  return new Promise<MultipartResult>((resolve) => {
    let settled = false;
    const finish = (result: MultipartResult) => {
      if (settled) return;
      settled = true;
      body.unpipe();
      body.destroy();
      resolve(result);
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': type },
        limits: {
          fileSize: limits.maxFileBytes,
          files: limits.fileFields.length,
          fields: maxFields,
          parts: maxFields + limits.fileFields.length,
          fieldSize: MAX_FIELD_BYTES,
          headerPairs: 20,
        },
      });
    } catch {
      resolve({ ok: false, reason: 'bad_request' });
      return;
    }
    const fields: Record<string, string> = {};
    const files: Record<string, UploadedFile> = {};
    parser.on('field', (name, value, info) => {
      // busboy cuts a value past fieldSize: a cut value is refused, never kept as if whole.
      if (info.valueTruncated || name.length > MAX_FIELD_NAME_CHARS) finish({ ok: false, reason: 'bad_request' });
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (!limits.fileFields.includes(name)) {
        stream.resume();
        finish({ ok: false, reason: 'bad_request' });
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => finish({ ok: false, reason: 'too_large' }));
      // A body that ends inside a file (a phone losing its connection mid-upload) errors the file
      // stream itself: unheard, that error would end the whole process.
      stream.on('error', () => finish({ ok: false, reason: 'bad_request' }));
      stream.on('end', () => {
        const bytes = Buffer.concat(chunks);
        if (bytes.length > 0) files[name] = { field: name, filename: info.filename ?? '', bytes };
      });
    });
    // Past the count of files, fields or parts, busboy drops the rest silently: refuse instead.
    for (const event of ['filesLimit', 'fieldsLimit', 'partsLimit'] as const)
      parser.on(event, () => finish({ ok: false, reason: 'bad_request' }));
    parser.on('error', () => finish({ ok: false, reason: 'bad_request' }));
    parser.on('close', () => finish({ ok: true, fields, files }));
    body.on('error', () => finish({ ok: false, reason: 'bad_request' }));
    body.pipe(parser);
  });
}

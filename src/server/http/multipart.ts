import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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

/** A file of a multipart body written to a temporary file as it arrived (never held whole in memory). */
export interface SpooledFile {
  field: string;
  filename: string;
  path: string;
  size: number;
}

export interface SpoolLimits {
  /** Per file field: the most files it may carry and the largest one, in bytes. */
  fileFields: Record<string, { maxFiles: number; maxFileBytes: number }>;
  /** All files together, in bytes. */
  maxTotalBytes: number;
  maxFields?: number;
}

export type SpoolResult =
  | { ok: true; fields: Record<string, string>; files: SpooledFile[]; cleanup: () => Promise<void> }
  | { ok: false; reason: 'too_large' | 'bad_request' | 'unsupported' };

/**
 * Streams a multipart body to a fresh temporary folder, one file per uploaded file, with the
 * same refusals as parseMultipart (busboy, hard limits) plus a total for all files. Large uploads
 * (a ZIP of pictures) use it: the caller reads each file from disk as a stream and calls
 * `cleanup` when done; on a refusal nothing is left behind.
 */
export async function spoolMultipart(source: Request | BodySource, limits: SpoolLimits): Promise<SpoolResult> {
  const { type, length, stream } = toParts(source);
  if (!/^multipart\/form-data\b/i.test(type) || !stream) return { ok: false, reason: 'unsupported' };
  if (Number(length ?? 0) > limits.maxTotalBytes + 256 * 1024) return { ok: false, reason: 'too_large' };
  const dir = await mkdtemp(path.join(tmpdir(), 'upload-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const maxFields = limits.maxFields ?? 20;
  const maxFiles = Object.values(limits.fileFields).reduce((sum, field) => sum + field.maxFiles, 0);
  const maxFileBytes = Math.max(...Object.values(limits.fileFields).map((field) => field.maxFileBytes));
  const body = Readable.fromWeb(stream as import('node:stream/web').ReadableStream);
  const result = await new Promise<SpoolResult>((resolve) => {
    let settled = false;
    const writes: Promise<void>[] = [];
    const fields: Record<string, string> = {};
    const files: SpooledFile[] = [];
    const counts = new Map<string, number>();
    let total = 0;
    const finish = (outcome: SpoolResult) => {
      if (settled) return;
      settled = true;
      body.unpipe();
      body.destroy();
      resolve(outcome);
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': type },
        limits: {
          fileSize: maxFileBytes,
          files: maxFiles,
          fields: maxFields,
          parts: maxFields + maxFiles,
          fieldSize: MAX_FIELD_BYTES,
          headerPairs: 20,
        },
      });
    } catch {
      resolve({ ok: false, reason: 'bad_request' });
      return;
    }
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || name.length > MAX_FIELD_NAME_CHARS) finish({ ok: false, reason: 'bad_request' });
      fields[name] = value;
    });
    parser.on('file', (name, fileStream, info) => {
      const field = limits.fileFields[name];
      const count = (counts.get(name) ?? 0) + 1;
      counts.set(name, count);
      if (!field || count > field.maxFiles) {
        fileStream.resume();
        finish({ ok: false, reason: field ? 'too_large' : 'bad_request' });
        return;
      }
      const spooled: SpooledFile = { field: name, filename: info.filename ?? '', path: path.join(dir, `${files.length + 1}`), size: 0 };
      files.push(spooled);
      const out = createWriteStream(spooled.path);
      fileStream.on('data', (chunk: Buffer) => {
        spooled.size += chunk.length;
        total += chunk.length;
        if (spooled.size > field.maxFileBytes || total > limits.maxTotalBytes) finish({ ok: false, reason: 'too_large' });
      });
      fileStream.on('limit', () => finish({ ok: false, reason: 'too_large' }));
      writes.push(
        pipeline(fileStream, out).catch(() => {
          finish({ ok: false, reason: 'bad_request' });
        }),
      );
    });
    for (const event of ['filesLimit', 'fieldsLimit', 'partsLimit'] as const)
      parser.on(event, () => finish({ ok: false, reason: 'bad_request' }));
    parser.on('error', () => finish({ ok: false, reason: 'bad_request' }));
    parser.on('close', () => {
      // The last file's bytes reach the disk before the files are handed over.
      void Promise.all(writes).then(() => finish({ ok: true, fields, files: files.filter((file) => file.size > 0), cleanup }));
    });
    body.on('error', () => finish({ ok: false, reason: 'bad_request' }));
    body.pipe(parser);
  });
  if (!result.ok) await cleanup();
  return result;
}

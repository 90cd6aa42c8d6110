import { createHash } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { getVariantWidths, type PicturePurpose } from '#lib/pictures.ts';
import { LARGE_UPLOAD_LIMIT_BYTES } from '../http/body-limit.ts';
import type { SpooledFile } from '../http/multipart.ts';
import { mediaError } from './errors.ts';

/**
 * Checking and resizing a picture, pure of storage, and reading the pictures of an upload (a ZIP
 * entry by entry, or picture files). The type is judged by the file's content (magic bytes, then
 * a full decode by sharp), never by its name or the browser's claim.
 */
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: an 8K photo passes; a decompression bomb (a small PNG of 50,000 x 50,000) does not. */
export const PICTURE_MAX_PIXELS = 40_000_000;
export const PICTURE_MIN_SIDE = 48;
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);
/** Effort 4 (sharp's default) here: each width is encoded once, at upload, never per request. */
const WEBP_OPTIONS = { quality: 80, effort: 4 } as const;

export interface CheckedPicture {
  hash: string;
  mime: string;
  width: number;
  height: number;
}

export interface PictureVariant {
  width: number;
  bytes: Buffer;
}

export function toPictureHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 20);
}

/** Throws a mediaError unless `bytes` are a JPEG, PNG, WebP or AVIF within the size and pixel limits. */
export async function checkPicture(bytes: Buffer): Promise<CheckedPicture> {
  if (bytes.length === 0) throw mediaError('invalid', 'pictureMissing');
  if (bytes.length > PICTURE_MAX_BYTES) throw mediaError('too_large', 'pictureTooLarge');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.mime)) throw mediaError('unsupported', 'pictureType');
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw mediaError('invalid', 'pictureUnreadable');
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const height = rotated ? meta.width : meta.height;
  if (!width || !height) throw mediaError('invalid', 'pictureUnreadable');
  if (width * height > PICTURE_MAX_PIXELS) throw mediaError('too_large', 'pictureTooManyPixels');
  if (Math.min(width, height) < PICTURE_MIN_SIDE) throw mediaError('invalid', 'pictureTooSmall');
  return { hash: toPictureHash(bytes), mime: type.mime, width, height };
}

/**
 * The WebP files of a checked picture, one per width of its purpose, made one after the other
 * (one decoded image in memory at a time on a 2-core machine). EXIF rotation is applied and
 * metadata (GPS of a phone photo) is dropped.
 */
export async function makePictureVariants(bytes: Buffer, picture: CheckedPicture, purpose: PicturePurpose): Promise<PictureVariant[]> {
  const widths = getVariantWidths(picture.width, purpose);
  const top = widths[widths.length - 1] ?? picture.width;
  try {
    // Decoded and rotated once, at the widest size; the narrower files are made from those pixels.
    const base = await sharp(bytes, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: top, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } };
    const variants: PictureVariant[] = [];
    for (const width of widths) {
      const out = await sharp(base.data, raw).resize({ width, withoutEnlargement: true }).webp(WEBP_OPTIONS).toBuffer();
      variants.push({ width, bytes: out });
    }
    return variants;
  } catch {
    throw mediaError('invalid', 'pictureUnreadable');
  }
}

/** Whether the first bytes are a picture type the pipeline accepts (the full check, a decode, runs in the job). */
export async function isAcceptedPictureType(bytes: Buffer): Promise<boolean> {
  const type = await fileTypeFromBuffer(bytes);
  return type !== undefined && ACCEPTED.has(type.mime);
}

/**
 * The product codes a picture's file name may stand for, longest first, in upper case: the name
 * without its extension, then cut at each `-`, `_`, `.` or space from the right
 * (`fur-800-2.jpg`: FUR-800-2, FUR-800, FUR). The longest that is a product's code wins.
 */
export function toCodeCandidates(fileName: string): string[] {
  const base = (fileName.split(/[\\/]/).pop() ?? '')
    .replace(/\.[^.]*$/, '')
    .trim()
    .toUpperCase();
  const candidates = [base];
  for (let end = base.length - 1; end > 0; end--) if (/[-_. ]/.test(base[end] ?? '')) candidates.push(base.slice(0, end).trim());
  return [...new Set(candidates.filter(Boolean))];
}

// Pictures in bulk (issue 33.5): the files of an upload, a ZIP read entry by entry from disk.

/** The form field of pictures in bulk: a ZIP, or several picture files. */
export const PICTURE_FILES_FIELD = 'fotos';
/** A ZIP's limits (a zip bomb is refused before its pictures are read): entries, and all of them unpacked. */
const ZIP_MAX_ENTRIES = 5000;
const ZIP_MAX_UNPACKED_MB = 2048;
/** The most picture files one form may carry besides a ZIP. */
const PICTURE_FILES_MAX = 500;

const ZIP_SIGNATURES = ['504b0304', '504b0506'];
const MB = 1024 * 1024;

async function readFirstBytes(file: SpooledFile, count: number): Promise<Buffer> {
  const handle = await open(file.path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(count), 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A stream's bytes, refused past `max` (yauzl also checks them against the entry's declared size). */
async function readAll(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      throw new Error('entry larger than declared');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const zipRefusal = (kind: 'invalid' | 'too_large', key: Parameters<typeof mediaError>[1], name: string, detail = '', max = 0) =>
  mediaError(kind, key, { params: { name: name.slice(0, 120), detail: detail.slice(0, 120), max } });

/**
 * A ZIP's pictures, one entry at a time (yauzl reads the central directory and inflates one
 * entry while it is read: the archive is never in memory). Refused whole, before any picture is
 * kept, when it is broken, has more than ZIP_MAX_ENTRIES entries, an entry over the picture limit
 * or more than ZIP_MAX_UNPACKED_MB unpacked, or a path that climbs out (`..`, `/x`, `C:`).
 * Folders, `__MACOSX` and hidden files are skipped; an entry's name is its file name.
 */
async function* readZip(file: SpooledFile): AsyncGenerator<IncomingPicture> {
  const name = file.filename || 'arquivo.zip';
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file.path, { lazyEntries: true, autoClose: true, validateEntrySizes: true });
  } catch {
    throw zipRefusal('invalid', 'zipBroken', name);
  }
  try {
    if (zip.entryCount > ZIP_MAX_ENTRIES) throw zipRefusal('too_large', 'zipTooManyEntries', name, '', ZIP_MAX_ENTRIES);
    let unpacked = 0;
    const entries = zip.eachEntry();
    for (;;) {
      let next: IteratorResult<yauzl.Entry>;
      try {
        next = await entries.next();
      } catch (error) {
        const message = error instanceof Error ? error.message : '';
        const unsafe = /^(absolute path|invalid relative path|invalid characters in fileName): (.*)$/s.exec(message);
        throw unsafe ? zipRefusal('invalid', 'zipUnsafePath', name, unsafe[2]) : zipRefusal('invalid', 'zipBroken', name);
      }
      if (next.done) return;
      const entry = next.value;
      const entryName = entry.fileName.split('/').pop() ?? '';
      if (entry.fileName.endsWith('/') || entry.fileName.startsWith('__MACOSX/') || !entryName || entryName.startsWith('.')) continue;
      if (entry.uncompressedSize > PICTURE_MAX_BYTES)
        throw zipRefusal('too_large', 'zipEntryTooLarge', name, entry.fileName, PICTURE_MAX_BYTES / MB);
      unpacked += entry.uncompressedSize;
      if (unpacked > ZIP_MAX_UNPACKED_MB * MB) throw zipRefusal('too_large', 'zipTooLarge', name, '', ZIP_MAX_UNPACKED_MB);
      let bytes: Buffer;
      try {
        bytes = await readAll(await zip.openReadStreamPromise(entry), PICTURE_MAX_BYTES);
      } catch {
        throw zipRefusal('invalid', 'zipBroken', name);
      }
      yield { name: entryName, bytes };
    }
  } finally {
    zip.close();
  }
}

/**
 * The pictures of an upload's spooled files, in order: each ZIP's entries (judged a ZIP by its
 * first bytes, not its name), and each other file as one picture (read only when within the
 * picture limit). A file named .zip that is not one is refused, as is a broken ZIP.
 */
export async function* readUploadedPictures(files: SpooledFile[]): AsyncGenerator<IncomingPicture> {
  for (const file of files) {
    const head = (await readFirstBytes(file, 4)).toString('hex');
    if (ZIP_SIGNATURES.includes(head)) {
      yield* readZip(file);
      continue;
    }
    const name = file.filename.split(/[\\/]/).pop() || 'foto';
    if (/\.zip$/i.test(name)) throw zipRefusal('invalid', 'zipNotZip', name);
    if (file.size > PICTURE_MAX_BYTES) yield { name, bytes: null, refusal: 'pictureTooLarge' };
    else yield { name, bytes: await readFile(file.path) };
  }
}

/** The limits of a form carrying pictures in bulk (and, on the import page, the import file). */
export function toPictureUploadLimits(extraFields: Record<string, { maxFiles: number; maxFileBytes: number }> = {}) {
  return {
    fileFields: { ...extraFields, [PICTURE_FILES_FIELD]: { maxFiles: PICTURE_FILES_MAX, maxFileBytes: LARGE_UPLOAD_LIMIT_BYTES } },
    maxTotalBytes: LARGE_UPLOAD_LIMIT_BYTES,
  };
}

/** One file of an upload as the readers hand it over: its name and bytes, or why it was refused unread. */
export interface IncomingPicture {
  name: string;
  bytes: Buffer | null;
  refusal?: 'pictureTooLarge';
}

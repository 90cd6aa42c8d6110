import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { getVariantWidths, type PicturePurpose } from '#lib/pictures.ts';
import { mediaError } from './errors.ts';

/**
 * Checking and resizing a picture, pure of storage. The type is judged by the file's content
 * (magic bytes, then a full decode by sharp), never by its name or the browser's claim.
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

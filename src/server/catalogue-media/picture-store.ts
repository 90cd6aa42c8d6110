import { randomUUID } from 'node:crypto';
import { getVariantWidths, toPictureUrl, type PicturePurpose } from '#lib/pictures.ts';
import { runInTransaction, type ConnectionSource, type Queryable } from '../db/client.ts';
import { createPictureFileStore } from '../storage/index.ts';
import { checkPicture, makePictureVariants } from './pictures.ts';
import { findPictureVariantWidths, findVariantFile, insertPicture, insertPictureVariant, lockPictureHash } from './repository.ts';

export interface PictureStoreDeps {
  db: Queryable;
  connect: ConnectionSource['connect'];
}

const toFileName = () => `${randomUUID()}.bin`;

/**
 * Pictures kept once per content: the original and its WebP widths go to stored_files (the
 * shared FileStore); the address returned names the content hash and the widest width, so it
 * never changes meaning and is cached for a year. The same file stored again costs one lookup.
 */
export function createPictureStore({ db, connect }: PictureStoreDeps) {
  async function storePicture(bytes: Buffer, fileName: string, purpose: PicturePurpose): Promise<string> {
    const picture = await checkPicture(bytes);
    const wanted = getVariantWidths(picture.width, purpose);
    const url = toPictureUrl(picture.hash, wanted[wanted.length - 1] ?? picture.width);
    const have = new Set(await findPictureVariantWidths(db, picture.hash));
    if (wanted.every((width) => have.has(width))) return url;
    // Encoding happens outside the transaction: no connection is held while sharp works.
    const variants = await makePictureVariants(bytes, picture, purpose);
    await runInTransaction({ connect }, async (tx) => {
      await lockPictureHash(tx, picture.hash);
      const files = createPictureFileStore(tx);
      const stored = await findPictureVariantWidths(tx, picture.hash);
      if (stored.length === 0) {
        const originalFile = toFileName();
        await files.put(originalFile, bytes);
        await insertPicture(tx, { ...picture, originalName: fileName.slice(0, 200), originalFile });
      }
      for (const variant of variants.filter((v) => !stored.includes(v.width))) {
        const variantFile = toFileName();
        await files.put(variantFile, variant.bytes);
        await insertPictureVariant(tx, { hash: picture.hash, width: variant.width, fileName: variantFile, byteSize: variant.bytes.length });
      }
    });
    return url;
  }

  /** The WebP bytes of one width of a picture, or null when that width was never made. */
  async function readPictureVariant(hash: string, width: number): Promise<Buffer | null> {
    const file = await findVariantFile(db, hash, width);
    return file ? createPictureFileStore(db).get(file) : null;
  }

  return { storePicture, readPictureVariant };
}

export type PictureStore = ReturnType<typeof createPictureStore>;

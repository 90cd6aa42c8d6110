import { writeAudit } from '../audit/index.ts';
import { announceCatalogueChange } from '../catalogue-changes/index.ts';
import { getPool } from '../db/client.ts';
import { addJob } from '../jobs/service.ts';
import { createCatalogueMediaService, createPictureBatches, createPictureStore, createShowcaseService } from './service.ts';

export type { BannerRow, SellerRow } from './repository.ts';
export { BRAND_NAME_MAX, PICTURE_BATCH_TASK, type PictureBatchProgress } from './service.ts';
export { PICTURE_FILES_FIELD, readUploadedPictures, toPictureUploadLimits } from './pictures.ts';

export function getPictureStore() {
  const pool = getPool();
  return createPictureStore({ db: pool, connect: () => pool.connect() });
}

function getDeps() {
  const pool = getPool();
  return { db: pool, connect: () => pool.connect(), pictures: getPictureStore(), writeAudit, announce: announceCatalogueChange };
}

export function getCatalogueMediaService() {
  return createCatalogueMediaService(getDeps());
}

/** Banners, brand logos and sellers. */
export function getShowcaseService() {
  return createShowcaseService(getDeps());
}

/**
 * The picture pipeline's entry for the import (`--images`) and anyone else: checks `bytes` by
 * content (JPEG, PNG, WebP, AVIF; size and pixel limits), stores them, makes the WebP widths once
 * and adds the picture to the product. Refusals throw a mediaError (its key is the `code`; texts in
 * src/lib/i18n/panel-media.ts, `mediaMessages`).
 * @public the import's `--images` (issue 20.1, branch h/import) calls it.
 */
export function storeProductPicture(productId: number, bytes: Buffer, fileName: string): Promise<{ url: string }> {
  return getCatalogueMediaService().storeProductPicture(productId, bytes, fileName);
}

/**
 * Stores a picture without attaching it anywhere (an import writing the product row itself); returns its address.
 * @public for the import (issue 20.1).
 */
export function storePictureFile(
  bytes: Buffer,
  fileName: string,
  purpose: 'product' | 'banner' | 'brand' | 'seller' = 'product',
): Promise<string> {
  return getPictureStore().storePicture(bytes, fileName, purpose);
}

/** Pictures in bulk: an upload's files kept, then made and attached by the job queue (PICTURE_BATCH_TASK). */
export function getPictureBatches() {
  return createPictureBatches({ db: getPool(), media: getCatalogueMediaService(), pictures: getPictureStore(), addJob });
}

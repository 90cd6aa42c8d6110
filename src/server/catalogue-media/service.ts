import { randomUUID } from 'node:crypto';
import type { BannerKind } from '#lib/contract/catalogue-media.ts';
import { toPhoneNumber } from '#lib/phone.ts';
import { getVariantWidths, toPictureUrl, type PicturePurpose } from '#lib/pictures.ts';
import type { AuditActor, AuditEntry } from '../audit/index.ts';
import type { CatalogueTag } from '../catalogue-changes/index.ts';
import { runInTransaction, type ConnectionSource, type Queryable } from '../db/client.ts';
import { createPictureFileStore } from '../storage/index.ts';
import { mediaError } from './errors.ts';
import { DomainError } from '../errors/domain-error.ts';
import { checkPicture, isAcceptedPictureType, makePictureVariants, toCodeCandidates, type IncomingPicture } from './pictures.ts';
import {
  deletePictureBatch,
  findPictureBatch,
  findProductIdsByCode,
  finishBatchFile,
  insertBatchFile,
  insertPictureBatch,
  linkBatchToImport,
  listWaitingNames,
  markBatchQueued,
  matchBatchToImageNames,
  readBatchProgress,
  setBatchMatches,
  takeNextWaitingFile,
  type BatchFileRow,
  type BatchFileStatus,
  deleteBanner,
  deleteSeller,
  findPictureVariantWidths,
  findProductSummary,
  findVariantFile,
  insertBanner,
  insertPicture,
  insertPictureVariant,
  insertSeller,
  listBannerRows,
  listBrandRows,
  listSellerRows,
  lockBanner,
  lockBannersOfKind,
  lockBrand,
  lockPictureHash,
  lockProductImages,
  lockSeller,
  lockSellerOrder,
  searchProducts,
  setBannerOrder,
  setSellerOrder,
  updateBanner,
  updateBrandLogo,
  updateBrandName,
  updateProductImages,
  updateSeller,
  type BannerFields,
  type BannerRow,
  type SellerFields,
  type SellerRow,
} from './repository.ts';

export interface CatalogueMediaDeps {
  db: Queryable;
  connect: ConnectionSource['connect'];
  pictures: PictureStore;
  writeAudit: (tx: Queryable, entry: AuditEntry) => Promise<void>;
  announce: (tags: readonly CatalogueTag[]) => void;
}

/** A product shows at most this many pictures (the gallery's scroller). */
export const MAX_PRODUCT_PICTURES = 12;
const CLI_ACTOR: AuditActor = { staffId: null, email: 'cli' };

export type PictureMove = 'up' | 'down' | 'first';

/** Product pictures: add (through the picture store), order, remove; each change audited and announced. */
export function createCatalogueMediaService(deps: CatalogueMediaDeps) {
  const { db, connect, pictures, writeAudit, announce } = deps;

  async function changeProductImages(
    productId: number,
    actor: AuditActor,
    action: string,
    change: (images: { url: string }[]) => { url: string }[],
  ): Promise<{ url: string }[]> {
    const after = await runInTransaction({ connect }, async (tx) => {
      const before = await lockProductImages(tx, productId);
      if (!before) throw mediaError('not_found', 'notFound');
      const next = change(before);
      await updateProductImages(tx, productId, next);
      await writeAudit(tx, {
        actor,
        action,
        entityType: 'product',
        entityId: productId,
        before: { images: before },
        after: { images: next },
      });
      return next;
    });
    announce([`product:${productId}`]);
    return after;
  }

  /**
   * Checks, stores and resizes a picture, then adds it as the product's last picture (the import's
   * `--images` and the panel both come here). Throws a mediaError with the reason it was refused.
   */
  async function storeProductPicture(
    productId: number,
    bytes: Buffer,
    fileName: string,
    actor: AuditActor = CLI_ACTOR,
  ): Promise<{ url: string }> {
    if (!(await findProductSummary(db, productId))) throw mediaError('not_found', 'notFound');
    const url = await pictures.storePicture(bytes, fileName, 'product');
    await attachPicture(productId, url, actor);
    return { url };
  }

  /** Adds a stored picture as the product's last one (kept once: the same picture twice is not repeated). */
  async function attachPicture(productId: number, url: string, actor: AuditActor): Promise<void> {
    await changeProductImages(productId, actor, 'product.picture_add', (images) => {
      if (images.some((image) => image.url === url)) return images;
      return [...images, { url }].slice(-MAX_PRODUCT_PICTURES);
    });
  }

  function removeProductPicture(productId: number, url: string, actor: AuditActor) {
    return changeProductImages(productId, actor, 'product.picture_remove', (images) => {
      if (!images.some((image) => image.url === url)) throw mediaError('not_found', 'notFound');
      return images.filter((image) => image.url !== url);
    });
  }

  function moveProductPicture(productId: number, url: string, move: PictureMove, actor: AuditActor) {
    return changeProductImages(productId, actor, 'product.picture_order', (images) => {
      const index = images.findIndex((image) => image.url === url);
      const picked = images[index];
      if (!picked) throw mediaError('not_found', 'notFound');
      const rest = images.filter((_, i) => i !== index);
      const target = move === 'first' ? 0 : Math.max(0, Math.min(rest.length, index + (move === 'up' ? -1 : 1)));
      rest.splice(target, 0, picked);
      return rest;
    });
  }

  return {
    storeProductPicture,
    attachPicture,
    removeProductPicture,
    moveProductPicture,
    getProduct: (productId: number) => findProductSummary(db, productId),
    findProducts: (text: string) => searchProducts(db, text, 20),
  };
}

export type CatalogueMediaService = ReturnType<typeof createCatalogueMediaService>;

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

// Banners, brand logos and sellers (the showcase).

export interface UploadedPicture {
  bytes: Buffer;
  fileName: string;
}

export interface BannerInput extends Omit<BannerFields, 'imageUrl' | 'link'> {
  id?: number;
  link: string;
  image?: UploadedPicture;
}

export interface SellerInput extends Omit<SellerFields, 'photoUrl' | 'whatsapp'> {
  id?: number;
  whatsapp: string;
  photo?: UploadedPicture;
}

/**
 * A banner's link: a path of this shop ('/produtos/x', not '//elsewhere') or an https address;
 * empty means none (the storefront then leads to /produtos).
 */
export function toBannerLink(value: string): string | null {
  const link = value.trim();
  if (link === '') return null;
  if (link.length > 500 || /[\s\\<>"]/.test(link)) throw mediaError('invalid', 'badLink');
  if (/^\/(?!\/)/.test(link)) return link;
  try {
    const url = new URL(link);
    if (url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password) return url.href;
  } catch {
    // not an address at all
  }
  throw mediaError('invalid', 'badLink');
}

/** A seller's WhatsApp number as the storefront's wa.me links want it: digits with the country code (a local number is read as Paraguayan). */
export function toWhatsappDigits(value: string): string | null {
  if (value.trim() === '') return null;
  const phone = toPhoneNumber(value, 'PY');
  if (!phone) throw mediaError('invalid', 'badPhone');
  return phone.e164.slice(1);
}

type Move = 'up' | 'down';

/** The longest brand name the panel takes (the storefront shows it on cards and in the menu). */
export const BRAND_NAME_MAX = 80;

/** Moves `id` one place in `ids` (in place, kept within the list); its positions before and after, counted from 1. */
function moveInOrder(ids: number[], id: number, move: Move): { before: { position: number }; after: { position: number } } {
  const index = ids.indexOf(id);
  const target = Math.max(0, Math.min(ids.length - 1, index + (move === 'up' ? -1 : 1)));
  ids.splice(index, 1);
  ids.splice(target, 0, id);
  return { before: { position: index + 1 }, after: { position: target + 1 } };
}

/** A table of the showcase whose rows the panel creates, edits and deletes: its audit entity, change tag and SQL. */
interface RowTable<Row extends { id: number }, Fields> {
  entity: string;
  tag: CatalogueTag;
  lock(tx: Queryable, id: number): Promise<Row | null>;
  insert(tx: Queryable, fields: Fields): Promise<number>;
  update(tx: Queryable, id: number, fields: Fields): Promise<void>;
  remove(tx: Queryable, id: number): Promise<void>;
}

const BANNERS: RowTable<BannerRow, BannerFields> = {
  entity: 'banner',
  tag: 'banners',
  lock: lockBanner,
  insert: insertBanner,
  update: updateBanner,
  remove: deleteBanner,
};
const SELLERS: RowTable<SellerRow, SellerFields> = {
  entity: 'seller',
  tag: 'sellers',
  lock: lockSeller,
  insert: insertSeller,
  update: updateSeller,
  remove: deleteSeller,
};

/** Banners, brand logos and sellers of the storefront; each change audited and announced. */
export function createShowcaseService(deps: CatalogueMediaDeps) {
  const { db, connect, pictures, writeAudit, announce } = deps;
  const transaction = <T>(work: Parameters<typeof runInTransaction<T>>[1]) => runInTransaction({ connect }, work);
  const upload = (picture: UploadedPicture | undefined, purpose: 'banner' | 'seller' | 'brand') =>
    picture ? pictures.storePicture(picture.bytes, picture.fileName, purpose) : Promise.resolve(null);

  /** A row created (no id) or edited, and audited, in one transaction; then its change announced. */
  async function saveRow<Row extends { id: number }, Fields>(
    actor: AuditActor,
    table: RowTable<Row, Fields>,
    id: number | undefined,
    toFields: (before: Row | null) => Fields,
  ): Promise<number> {
    const savedId = await transaction(async (tx) => {
      const before = id === undefined ? null : await table.lock(tx, id);
      if (id !== undefined && !before) throw mediaError('not_found', 'notFound');
      const fields = toFields(before);
      const rowId = before ? before.id : await table.insert(tx, fields);
      if (before) await table.update(tx, before.id, fields);
      const action = `${table.entity}.${before ? 'update' : 'create'}`;
      await writeAudit(tx, { actor, action, entityType: table.entity, entityId: rowId, before, after: fields });
      return rowId;
    });
    announce([table.tag]);
    return savedId;
  }

  async function removeRow<Row extends { id: number }, Fields>(actor: AuditActor, table: RowTable<Row, Fields>, id: number): Promise<void> {
    await transaction(async (tx) => {
      const before = await table.lock(tx, id);
      if (!before) throw mediaError('not_found', 'notFound');
      await table.remove(tx, id);
      await writeAudit(tx, { actor, action: `${table.entity}.delete`, entityType: table.entity, entityId: id, before });
    });
    announce([table.tag]);
  }

  async function saveBanner(actor: AuditActor, input: BannerInput): Promise<number> {
    const link = toBannerLink(input.link);
    if (input.id === undefined && !input.image) throw mediaError('invalid', 'pictureMissing');
    const imageUrl = await upload(input.image, 'banner');
    return saveRow(actor, BANNERS, input.id, (before) => ({ ...input, link, imageUrl: imageUrl ?? before?.image_url ?? '' }));
  }

  async function moveBanner(actor: AuditActor, id: number, move: Move): Promise<void> {
    await transaction(async (tx) => {
      const banner = await lockBanner(tx, id);
      if (!banner) throw mediaError('not_found', 'notFound');
      const ids = await lockBannersOfKind(tx, banner.kind as BannerKind);
      const moved = moveInOrder(ids, id, move);
      await setBannerOrder(tx, ids);
      await writeAudit(tx, { actor, action: 'banner.order', entityType: 'banner', entityId: id, ...moved });
    });
    announce(['banners']);
  }

  /** A seller one place up or down in the storefront's team (the "how to buy" page). */
  async function moveSeller(actor: AuditActor, id: number, move: Move): Promise<void> {
    await transaction(async (tx) => {
      const ids = await lockSellerOrder(tx);
      if (!ids.includes(id)) throw mediaError('not_found', 'notFound');
      const moved = moveInOrder(ids, id, move);
      await setSellerOrder(tx, ids);
      await writeAudit(tx, { actor, action: 'seller.order', entityType: 'seller', entityId: id, ...moved });
    });
    announce(['sellers']);
  }

  async function removeBanner(actor: AuditActor, id: number): Promise<void> {
    await removeRow(actor, BANNERS, id);
  }

  /**
   * One field of a brand written and audited (before and after) in one transaction, the brand
   * locked first (absent: not found). With `unlessSame`, a brand that already has the value is
   * left alone: false, nothing written.
   */
  async function changeBrand(
    actor: AuditActor,
    brandId: number,
    change: {
      action: 'brand.logo' | 'brand.rename';
      field: 'logo_url' | 'name';
      value: string;
      write: (tx: Queryable, id: number, value: string) => Promise<void>;
      unlessSame?: boolean;
    },
  ): Promise<boolean> {
    return transaction(async (tx) => {
      const before = await lockBrand(tx, brandId);
      if (!before) throw mediaError('not_found', 'notFound');
      if (change.unlessSame && before[change.field] === change.value) return false;
      await change.write(tx, brandId, change.value);
      await writeAudit(tx, {
        actor,
        action: change.action,
        entityType: 'brand',
        entityId: brandId,
        before: { [change.field]: before[change.field] },
        after: { [change.field]: change.value },
      });
      return true;
    });
  }

  async function setBrandLogo(actor: AuditActor, brandId: number, logo: UploadedPicture): Promise<void> {
    const logoUrl = await pictures.storePicture(logo.bytes, logo.fileName, 'brand');
    await changeBrand(actor, brandId, { action: 'brand.logo', field: 'logo_url', value: logoUrl, write: updateBrandLogo });
    announce([`brand:${brandId}`]);
  }

  /**
   * A brand's name as shoppers read it. Its slug stays (links keep working, an import file still
   * finds the brand); every product of the brand shows the new name (a trigger copies it to
   * products.brand_name, which search reads), so the whole catalogue is announced.
   */
  async function renameBrand(actor: AuditActor, brandId: number, name: string): Promise<void> {
    const given = name.trim();
    if (given === '' || given.length > BRAND_NAME_MAX) throw mediaError('invalid', 'badBrandName');
    const renamed = await changeBrand(actor, brandId, {
      action: 'brand.rename',
      field: 'name',
      value: given,
      write: updateBrandName,
      unlessSame: true,
    });
    if (renamed) announce(['all']);
  }

  async function saveSeller(actor: AuditActor, input: SellerInput): Promise<number> {
    const whatsapp = toWhatsappDigits(input.whatsapp);
    const photoUrl = await upload(input.photo, 'seller');
    return saveRow(actor, SELLERS, input.id, (before) => ({
      name: input.name,
      rolePt: input.rolePt,
      roleEs: input.roleEs,
      whatsapp,
      photoUrl: photoUrl ?? before?.photo_url ?? null,
    }));
  }

  async function removeSeller(actor: AuditActor, id: number): Promise<void> {
    await removeRow(actor, SELLERS, id);
  }

  return {
    listBanners: () => listBannerRows(db),
    listBrands: () => listBrandRows(db),
    listSellers: () => listSellerRows(db),
    saveBanner,
    moveBanner,
    removeBanner,
    setBrandLogo,
    renameBrand,
    saveSeller,
    moveSeller,
    removeSeller,
  };
}

// Pictures in bulk (issue 33.5): an upload's files kept in picture_batch_files, then made and
// attached one at a time by the job queue (PICTURE_BATCH_TASK), progress read by the panel.

export const PICTURE_BATCH_TASK = 'picture_batch';
/** The refused and unmatched files a progress page lists. */
const PROBLEMS_SHOWN = 200;

export interface PictureBatchDeps {
  db: Queryable;
  media: Pick<CatalogueMediaService, 'attachPicture'>;
  pictures: Pick<PictureStore, 'storePicture'>;
  addJob: (db: Queryable, task: string, payload: object, options: { queueName: string; maxAttempts: number }) => Promise<void>;
}

export interface PictureBatchProgress {
  id: string;
  importId: string | null;
  queued: boolean;
  counts: Record<BatchFileStatus, number>;
  total: number;
  problems: BatchFileRow[];
}

export function createPictureBatches({ db, media, pictures, addJob }: PictureBatchDeps) {
  /** Matches the waiting files to products by the code in their names (the bulk upload). */
  async function matchByCode(batchId: string): Promise<void> {
    const waiting = await listWaitingNames(db, batchId);
    const candidates = new Map(waiting.map((file) => [file.position, toCodeCandidates(file.name)]));
    const ids = await findProductIdsByCode(db, [...new Set([...candidates.values()].flat())]);
    const matches = waiting.flatMap((file) => {
      const code = candidates.get(file.position)?.find((candidate) => ids.has(candidate));
      return code ? [{ position: file.position, productId: ids.get(code) as number }] : [];
    });
    await setBatchMatches(db, batchId, matches, 'batchUnmatchedCode');
  }

  async function queue(batchId: string): Promise<void> {
    if (await markBatchQueued(db, batchId))
      await addJob(db, PICTURE_BATCH_TASK, { batchId }, { queueName: 'picture-batches', maxAttempts: 5 });
  }

  return {
    /**
     * Keeps every file of an upload (one at a time: a ZIP's pictures are never all in memory),
     * with a first look at its content (a file that is not a picture is refused here, named on the
     * progress page). A refusal of the upload itself (a broken ZIP) keeps nothing. With `forImport`
     * the files wait for that import's rows; else they are matched by code and queued at once.
     */
    async stage(staffId: number, files: AsyncIterable<IncomingPicture>, options: { forImport: boolean }): Promise<string> {
      const batchId = await insertPictureBatch(db, staffId);
      try {
        let position = 0;
        for await (const file of files) {
          position++;
          const accepted = file.bytes !== null && !file.refusal && (await isAcceptedPictureType(file.bytes));
          await insertBatchFile(db, {
            batchId,
            position,
            name: file.name.slice(0, 200),
            bytes: accepted ? file.bytes : null,
            status: accepted ? 'waiting' : 'refused',
            reason: accepted ? null : (file.refusal ?? 'pictureType'),
          });
        }
        if (position === 0) throw mediaError('invalid', 'batchEmpty');
        if (!options.forImport) {
          await matchByCode(batchId);
          await queue(batchId);
        }
        return batchId;
      } catch (error) {
        await deletePictureBatch(db, batchId);
        throw error;
      }
    },

    linkToImport: (batchId: string, importId: string) => linkBatchToImport(db, batchId, importId),
    discard: (batchId: string) => deletePictureBatch(db, batchId),

    /** An import was written: its pictures go to the queue (nothing when it brought none). */
    async queueForImport(importId: string): Promise<void> {
      const batch = await findPictureBatch(db, { importId });
      if (batch) await queue(batch.id);
    },

    /**
     * The job: each waiting file checked by content (a full decode), stored once, made into its
     * widths and added to its products, one at a time; an import's files in the order of their
     * rows' `imagens`. A refused picture is named and the rest go on; a failure that is no
     * picture's fault (the database) throws and the queue runs the job again from where it was.
     */
    async process(payload: unknown): Promise<void> {
      const batchId = String((payload as { batchId?: unknown } | null)?.batchId ?? '');
      const batch = await findPictureBatch(db, { id: batchId });
      if (!batch) return;
      if (batch.import_id) await matchBatchToImageNames(db, batchId, 'batchUnmatchedImport');
      const actor: AuditActor = { staffId: batch.staff_id, email: batch.staff_email };
      for (let file = await takeNextWaitingFile(db, batchId); file; file = await takeNextWaitingFile(db, batchId)) {
        let url: string;
        try {
          url = await pictures.storePicture(file.bytes, file.name, 'product');
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          await finishBatchFile(db, batchId, file.position, { status: 'refused', reason: error.key });
          continue;
        }
        for (const productId of file.product_ids) await media.attachPicture(productId, url, actor);
        await finishBatchFile(db, batchId, file.position, { status: 'stored', url });
      }
    },

    async progress(by: { id: string } | { importId: string }, staffId: number): Promise<PictureBatchProgress | null> {
      const batch = await findPictureBatch(db, by);
      if (!batch || batch.staff_id !== staffId) return null;
      const { counts, problems } = await readBatchProgress(db, batch.id, PROBLEMS_SHOWN);
      const total = counts.waiting + counts.stored + counts.refused + counts.unmatched;
      return { id: batch.id, importId: batch.import_id, queued: batch.queued, counts, total, problems };
    },
  };
}

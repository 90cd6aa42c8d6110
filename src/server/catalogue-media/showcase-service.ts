import type { BannerKind } from '#lib/contract/catalogue-media.ts';
import { toPhoneNumber } from '#lib/phone.ts';
import type { AuditActor } from '../audit/index.ts';
import { runInTransaction } from '../db/client.ts';
import { mediaError } from './errors.ts';
import {
  deleteBanner,
  deleteSeller,
  insertBanner,
  insertSeller,
  listBannerRows,
  listBrandRows,
  listSellerRows,
  lockBanner,
  lockBannersOfKind,
  lockBrand,
  lockSeller,
  lockSellerOrder,
  setBannerOrder,
  setSellerOrder,
  updateBanner,
  updateBrandLogo,
  updateBrandName,
  updateSeller,
  type BannerFields,
  type SellerFields,
} from './repository.ts';
import type { CatalogueMediaDeps } from './service.ts';

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

/** Banners, brand logos and sellers of the storefront; each change audited and announced. */
export function createShowcaseService(deps: CatalogueMediaDeps) {
  const { db, connect, pictures, writeAudit, announce } = deps;
  const transaction = <T>(work: Parameters<typeof runInTransaction<T>>[1]) => runInTransaction({ connect }, work);
  const upload = (picture: UploadedPicture | undefined, purpose: 'banner' | 'seller' | 'brand') =>
    picture ? pictures.storePicture(picture.bytes, picture.fileName, purpose) : Promise.resolve(null);

  async function saveBanner(actor: AuditActor, input: BannerInput): Promise<number> {
    const link = toBannerLink(input.link);
    if (input.id === undefined && !input.image) throw mediaError('invalid', 'pictureMissing');
    const imageUrl = await upload(input.image, 'banner');
    const id = await transaction(async (tx) => {
      const before = input.id === undefined ? null : await lockBanner(tx, input.id);
      if (input.id !== undefined && !before) throw mediaError('not_found', 'notFound');
      const fields: BannerFields = { ...input, link, imageUrl: imageUrl ?? before?.image_url ?? '' };
      const bannerId = before ? before.id : await insertBanner(tx, fields);
      if (before) await updateBanner(tx, before.id, fields);
      await writeAudit(tx, {
        actor,
        action: before ? 'banner.update' : 'banner.create',
        entityType: 'banner',
        entityId: bannerId,
        before,
        after: fields,
      });
      return bannerId;
    });
    announce(['banners']);
    return id;
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
    await transaction(async (tx) => {
      const before = await lockBanner(tx, id);
      if (!before) throw mediaError('not_found', 'notFound');
      await deleteBanner(tx, id);
      await writeAudit(tx, { actor, action: 'banner.delete', entityType: 'banner', entityId: id, before });
    });
    announce(['banners']);
  }

  async function setBrandLogo(actor: AuditActor, brandId: number, logo: UploadedPicture): Promise<void> {
    const logoUrl = await pictures.storePicture(logo.bytes, logo.fileName, 'brand');
    await transaction(async (tx) => {
      const before = await lockBrand(tx, brandId);
      if (!before) throw mediaError('not_found', 'notFound');
      await updateBrandLogo(tx, brandId, logoUrl);
      await writeAudit(tx, {
        actor,
        action: 'brand.logo',
        entityType: 'brand',
        entityId: brandId,
        before: { logo_url: before.logo_url },
        after: { logo_url: logoUrl },
      });
    });
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
    const renamed = await transaction(async (tx) => {
      const before = await lockBrand(tx, brandId);
      if (!before) throw mediaError('not_found', 'notFound');
      if (before.name === given) return false;
      await updateBrandName(tx, brandId, given);
      await writeAudit(tx, {
        actor,
        action: 'brand.rename',
        entityType: 'brand',
        entityId: brandId,
        before: { name: before.name },
        after: { name: given },
      });
      return true;
    });
    if (renamed) announce(['all']);
  }

  async function saveSeller(actor: AuditActor, input: SellerInput): Promise<number> {
    const whatsapp = toWhatsappDigits(input.whatsapp);
    const photoUrl = await upload(input.photo, 'seller');
    const id = await transaction(async (tx) => {
      const before = input.id === undefined ? null : await lockSeller(tx, input.id);
      if (input.id !== undefined && !before) throw mediaError('not_found', 'notFound');
      const fields: SellerFields = {
        name: input.name,
        rolePt: input.rolePt,
        roleEs: input.roleEs,
        whatsapp,
        photoUrl: photoUrl ?? before?.photo_url ?? null,
      };
      const sellerId = before ? before.id : await insertSeller(tx, fields);
      if (before) await updateSeller(tx, before.id, fields);
      await writeAudit(tx, {
        actor,
        action: before ? 'seller.update' : 'seller.create',
        entityType: 'seller',
        entityId: sellerId,
        before,
        after: fields,
      });
      return sellerId;
    });
    announce(['sellers']);
    return id;
  }

  async function removeSeller(actor: AuditActor, id: number): Promise<void> {
    await transaction(async (tx) => {
      const before = await lockSeller(tx, id);
      if (!before) throw mediaError('not_found', 'notFound');
      await deleteSeller(tx, id);
      await writeAudit(tx, { actor, action: 'seller.delete', entityType: 'seller', entityId: id, before });
    });
    announce(['sellers']);
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

export type ShowcaseService = ReturnType<typeof createShowcaseService>;

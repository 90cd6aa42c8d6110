import { atom, computed } from 'nanostores';
import { apiRequest, toData } from '#lib/api-client.ts';
import type { FavouriteBody } from '#lib/contract/favourites.ts';
import { localState } from '../stored-state.ts';

/**
 * Favourites (storefront spec sections 3-4): a local list for visitors, the server list for
 * signed-in customers. Product ids are what the hearts know; the server's favourite ids are
 * kept beside them for DELETE /ecom/favoritos/{id}.
 */
export const LOCAL_FAVOURITES_KEY = 'fronteira_favourites';
export const $favouriteIds = atom<number[]>([]);
export const $favouritesCount = computed($favouriteIds, (ids) => ids.length);

let signedIn = false;
let started: Promise<void> | null = null;
const serverIds = new Map<number, number>();

function readLocal(): number[] {
  try {
    const parsed: unknown = JSON.parse(localState.get(LOCAL_FAVOURITES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

function writeLocal(ids: number[]): void {
  if (ids.length) localState.set(LOCAL_FAVOURITES_KEY, JSON.stringify(ids));
  else localState.remove(LOCAL_FAVOURITES_KEY);
}

async function loadServer(): Promise<void> {
  const result = await apiRequest<{ data: Array<{ id: number; produto_id: number }> }>('GET', '/ecom/favoritos');
  serverIds.clear();
  for (const favourite of toData(result)?.data ?? []) serverIds.set(favourite.produto_id, favourite.id);
  $favouriteIds.set([...serverIds.keys()]);
}

/** Loads the list once per page; the server renders whether the shopper is signed in. */
export function startFavourites(isSignedIn: boolean): Promise<void> {
  signedIn = isSignedIn;
  started ??= (signedIn ? loadServer() : Promise.resolve($favouriteIds.set(readLocal()))).catch(() => {
    $favouriteIds.set([]);
  });
  return started;
}

export function isFavourite(productId: number): boolean {
  return $favouriteIds.get().includes(productId);
}

/** Adds or removes one product; resolves to whether it is a favourite afterwards. */
export async function toggleFavourite(productId: number): Promise<boolean> {
  await started;
  const wasFavourite = isFavourite(productId);
  if (!signedIn) {
    const next = wasFavourite ? $favouriteIds.get().filter((id) => id !== productId) : [...$favouriteIds.get(), productId];
    writeLocal(next);
    $favouriteIds.set(next);
    return !wasFavourite;
  }
  if (wasFavourite) {
    const id = serverIds.get(productId);
    const result = id
      ? await apiRequest('DELETE', `/ecom/favoritos/${id}`)
      : await apiRequest('DELETE', `/ecom/favoritos/${productId}?by=produto`);
    if (!result.ok && result.status !== 404) throw new Error(`favourite removal failed: ${result.status}`);
    serverIds.delete(productId);
    $favouriteIds.set($favouriteIds.get().filter((item) => item !== productId));
    return false;
  }
  const result = await apiRequest<{ id: number }>('POST', '/ecom/favoritos', { produto_id: productId } satisfies FavouriteBody);
  const added = toData(result);
  if (!added) throw new Error(`favourite add failed: ${result.status}`);
  serverIds.set(productId, added.id);
  $favouriteIds.set([...$favouriteIds.get(), productId]);
  return true;
}

/**
 * After sign-in (the accounts pages call this): pushes the local favourites to the server one
 * by one, clears the local list, then loads the server's (storefront spec section 4).
 */
export async function pushLocalFavourites(): Promise<void> {
  for (const productId of readLocal()) {
    await apiRequest('POST', '/ecom/favoritos', { produto_id: productId } satisfies FavouriteBody);
  }
  writeLocal([]);
  signedIn = true;
  started = loadServer().catch(() => undefined);
  await started;
}

/** Logout: the local list is the visitor's again (empty), the server one is forgotten here. */
export function resetFavourites(): void {
  signedIn = false;
  serverIds.clear();
  started = Promise.resolve();
  $favouriteIds.set(readLocal());
}

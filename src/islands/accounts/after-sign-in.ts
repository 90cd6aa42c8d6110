import { SESSION_EXPIRY_KEY, SESSION_TTL_MS } from '#lib/session.ts';
import { localState, sessionState } from '../stored-state.ts';

/**
 * Set in this tab when the session guard ended a session the browser outlived (not on logout):
 * checkout then asks to sign in again in place (the account's cart comes back with the sign-in).
 */
const SESSION_ENDED_KEY = 'fronteira_session_ended';

/** Dispatched on the window when the session guard ended the session without reloading the page. */
export const SESSION_ENDED_EVENT = 'fronteira:session-ended';

export function noteSessionEnded(): void {
  sessionState.set(SESSION_ENDED_KEY, '1');
  window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
}

/** Whether this tab's session ended by itself since the last sign-in. */
export function hasSessionEnded(): boolean {
  return sessionState.get(SESSION_ENDED_KEY) === '1';
}

/**
 * Session side effects shared by the sign-in, registration and logout islands and the session
 * guard of every page. The cart and favourites stores belong to the cart issue; they are loaded
 * lazily (and only when present), so the login form does not carry their code and a failure
 * never blocks the sign-in or sign-out.
 */
const favouritesStore = import.meta.glob<{
  pushLocalFavourites?: () => Promise<void>;
  resetFavourites?: () => void;
  LOCAL_FAVOURITES_KEY?: string;
}>('../favourites/favourites-store.ts');
const cartStore = import.meta.glob<{ clearCart?: () => void }>('../cart/cart-store.ts');

async function loadFirst<T>(modules: Record<string, () => Promise<T>>): Promise<T | null> {
  const load = Object.values(modules)[0];
  return load ? load() : null;
}

/**
 * After sign-in: the session's end is noted by this browser's clock (one hour from now, spec
 * section 4), then local favourites are pushed to the account and the server's are loaded.
 */
export async function runAfterSignIn(): Promise<void> {
  noteSessionExpiry(Date.now() + SESSION_TTL_MS);
  sessionState.remove(SESSION_ENDED_KEY);
  try {
    await (await loadFirst(favouritesStore))?.pushLocalFavourites?.();
  } catch {
    // favourites stay local until the next sign-in
  }
}

/** Notes when this browser's session ends (ms since epoch, by this browser's clock). */
export function noteSessionExpiry(at: number): void {
  // Refused storage (private mode): the server still ends the session.
  localState.set(SESSION_EXPIRY_KEY, String(at));
}

/** When this browser's session ends (ms since epoch), or null when it holds none. */
export function readSessionExpiry(): number | null {
  const value = Number(localState.get(SESSION_EXPIRY_KEY));
  return value > 0 ? value : null;
}

/**
 * After logout or when the session ends (spec section 4): the expiry, cart id, saved shipping,
 * cart and local favourites kept in this browser are cleared.
 */
export async function runAfterSignOut(): Promise<void> {
  const favourites = await loadFirst(favouritesStore).catch(() => null);
  localState.remove(SESSION_EXPIRY_KEY);
  if (favourites?.LOCAL_FAVOURITES_KEY) localState.remove(favourites.LOCAL_FAVOURITES_KEY);
  for (const key of localState.keys()) {
    if (/cart|carrinho|frete|shipping/i.test(key)) localState.remove(key);
  }
  try {
    (await loadFirst(cartStore))?.clearCart?.();
    favourites?.resetFavourites?.();
  } catch {
    // nothing else to clear
  }
}

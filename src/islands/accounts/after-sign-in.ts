/**
 * Session side effects shared by the sign-in, registration and logout islands. The cart and
 * favourites stores belong to the cart issue; they are loaded lazily (and only when present), so
 * the login form does not carry their code and a failure never blocks the sign-in or sign-out.
 */
const favouritesStore = import.meta.glob<{ pushLocalFavourites?: () => Promise<void>; resetFavourites?: () => void }>(
  '../favourites/favourites-store.ts',
);
const cartStore = import.meta.glob<{ clearCart?: () => void }>('../cart/cart-store.ts');

async function loadFirst<T>(modules: Record<string, () => Promise<T>>): Promise<T | null> {
  const load = Object.values(modules)[0];
  return load ? load() : null;
}

/** After sign-in: local favourites are pushed to the account, then the server's are loaded. */
export async function runAfterSignIn(): Promise<void> {
  try {
    await (await loadFirst(favouritesStore))?.pushLocalFavourites?.();
  } catch {
    // favourites stay local until the next sign-in
  }
}

/** After logout: the cart and favourites kept in this browser are cleared. */
export async function runAfterSignOut(): Promise<void> {
  try {
    (await loadFirst(cartStore))?.clearCart?.();
    (await loadFirst(favouritesStore))?.resetFavourites?.();
  } catch {
    // nothing else to clear
  }
  for (const key of Object.keys(localStorage)) {
    if (/cart|carrinho|frete|shipping/i.test(key)) localStorage.removeItem(key);
  }
}

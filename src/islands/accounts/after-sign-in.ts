/**
 * Runs after a successful sign-in: pushes favourites kept in this browser to the account and
 * loads the server's (the cart engineer's pushLocalFavourites). Loaded lazily so the login
 * form does not carry the favourites code; a failure never blocks the sign-in.
 */
export async function runAfterSignIn(): Promise<void> {
  try {
    const modules = import.meta.glob('../favourites/*.ts');
    for (const load of Object.values(modules)) {
      const module = (await load()) as { pushLocalFavourites?: () => Promise<unknown> };
      if (typeof module.pushLocalFavourites === 'function') {
        await module.pushLocalFavourites();
        return;
      }
    }
  } catch {
    // favourites stay local until the next sign-in
  }
}

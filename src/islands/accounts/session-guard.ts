// Ends a session the browser outlived: the server's expiry note, a sign-out in another tab
// (SessionGuard.astro renders the meta it reads). Part of the one page script (shop-page.ts), so it
// runs on every shop page and does nothing where its markup is absent.
import { apiRequest } from '#lib/api-client.ts';
import { noteSessionEnded, noteSessionExpiry, readSessionExpiry, runAfterSignOut } from './after-sign-in.ts';

/** Notes the server's session expiry and ends a session this browser outlived. */
export function startSessionGuard(): void {
  const meta = document.querySelector('meta[name="fronteira-session"]');
  const signedIn = meta?.getAttribute('content') === 'signed-in';
  // The server knows when its session ends: this replaces a missing note (signed in without
  // JavaScript) or one an earlier session left behind.
  const endsIn = Number(meta?.getAttribute('data-ends-in'));
  if (signedIn && endsIn > 0) noteSessionExpiry(Date.now() + endsIn);
  const expiresAt = readSessionExpiry();

  async function endSession(reload: boolean) {
    if (signedIn) await apiRequest('POST', '/ecom/logout');
    await runAfterSignOut();
    noteSessionEnded();
    if (reload) window.location.reload();
  }

  if (expiresAt !== null) {
    const left = expiresAt - Date.now();
    if (left <= 0) void endSession(signedIn);
    else if (signedIn) window.setTimeout(() => void endSession(true), left);
    else {
      // The page came anonymous while this browser thinks it is signed in: ask the server.
      void apiRequest('POST', '/ecom/me').then((answer) => {
        if (answer.status === 401) void endSession(false);
      });
    }
  }
}

/**
 * What the shop keeps in the browser (localStorage and sessionStorage), behind one marker cookie.
 *
 * The first time a page uses either storage, the browser asks its main process, synchronously,
 * whether this site may store data. While a page loads, that process is busy. In traces of the
 * phone home, the page's main thread waited 10-30 ms for the answer (decision 0004, session 6).
 * A shopper who arrives from a search result has stored nothing. So while the marker cookie is
 * absent, reads answer "nothing" without asking, and every write sets the marker. Reading the
 * cookie is a quick call to the network service, made once per page.
 *
 * Every access is guarded: a private mode that refuses storage behaves like an empty storage.
 * Clearing the cookies without the storage hides what was stored until the next write replaces it.
 */
const MARKER = 'fronteira_stored';
/** Chrome keeps a cookie at most 400 days; the first write of each page renews it. */
const MARKER_MAX_AGE_S = 400 * 24 * 60 * 60;
const MARKER_PATTERN = new RegExp(`(?:^|;\\s*)${MARKER}=1(?:;|$)`);

let marked: boolean | null = null;
let renewedThisPage = false;

function hasStoredState(): boolean {
  marked ??= MARKER_PATTERN.test(document.cookie);
  return marked;
}

function markStoredState(): void {
  if (renewedThisPage) return;
  document.cookie = `${MARKER}=1; path=/; max-age=${MARKER_MAX_AGE_S}; samesite=lax`;
  marked = true;
  renewedThisPage = true;
}

export interface StoredState {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  keys(): string[];
}

function storedState(storage: () => Storage): StoredState {
  return {
    get(key) {
      if (!hasStoredState()) return null;
      try {
        return storage().getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      markStoredState();
      try {
        storage().setItem(key, value);
      } catch {
        // refused (private mode, full): nothing is kept
      }
    },
    remove(key) {
      if (!hasStoredState()) return;
      try {
        storage().removeItem(key);
      } catch {
        // refused: nothing was kept
      }
    },
    keys() {
      if (!hasStoredState()) return [];
      try {
        return Object.keys(storage());
      } catch {
        return [];
      }
    },
  };
}

/** The shop's localStorage. */
export const localState = storedState(() => localStorage);
/** The shop's sessionStorage (this tab only). */
export const sessionState = storedState(() => sessionStorage);

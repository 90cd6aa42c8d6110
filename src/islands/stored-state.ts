/**
 * What the shop keeps in the browser (localStorage and sessionStorage), behind one marker cookie.
 *
 * The first time a page uses either storage, the browser asks its main process, synchronously,
 * whether this site may store data. While a page loads, that process is busy. In traces of the
 * phone home, the page's main thread waited 10-30 ms for the answer (decision 0004, session 6).
 * A shopper who arrives from a search result has stored nothing. So while the marker cookie is
 * absent, reads answer "nothing" without asking, and every write sets the marker.
 *
 * Reading `document.cookie` is a synchronous call too, to the browser's network service: 7-20 ms
 * of a loading phone page in Lighthouse's traces (session 7). So the page's cookies are read once,
 * through the Cookie Store API, which answers in a promise without holding the main thread;
 * scripts that read stored state at start-up wait for `whenPageCookiesRead()` first. Where there
 * is no Cookie Store API, or before that promise settles, `document.cookie` is read instead.
 *
 * Every access is guarded: a private mode that refuses storage behaves like an empty storage.
 * Clearing the cookies without the storage hides what was stored until the next write replaces it.
 */
import { readCookie } from '../lib/cookies.ts';

const MARKER = 'fronteira_stored';
/** Chrome keeps a cookie at most 400 days; the first write of each page renews it. */
const MARKER_MAX_AGE_S = 400 * 24 * 60 * 60;

interface CookieStoreLike {
  getAll(): Promise<Array<{ name: string; value: string }>>;
}

/** The cookies this page found when it started, as a `Cookie` header (the shop's own writes are kept apart). */
let pageCookies: string | null = null;
let pageCookiesRead: Promise<void> | null = null;
let marked: boolean | null = null;
let renewedThisPage = false;

/**
 * Reads the page's cookies without a blocking call, once: settles when they are known (at once
 * where the Cookie Store API is missing, and then `document.cookie` answers when asked).
 */
export function whenPageCookiesRead(): Promise<void> {
  pageCookiesRead ??= (async () => {
    const cookieStore = (globalThis as { cookieStore?: CookieStoreLike }).cookieStore;
    if (!cookieStore) return;
    try {
      const cookies = await cookieStore.getAll();
      pageCookies ??= cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    } catch {
      // refused (an opaque origin): document.cookie answers when asked
    }
  })();
  return pageCookiesRead;
}

/** A cookie's value as this page found it when it started. */
export function readPageCookie(name: string): string | null {
  pageCookies ??= document.cookie;
  return readCookie(pageCookies, name) ?? null;
}

function hasStoredState(): boolean {
  marked ??= readPageCookie(MARKER) === '1';
  return marked;
}

/**
 * Sets (or with max-age 0 clears) a cookie of the whole site from page code: SameSite=Lax, as
 * the server's, and Secure over https, as every cookie of an https shop is (issue 31).
 */
export function writePageCookie(name: string, value: string, maxAgeS: number): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${name}=${value}; path=/; max-age=${maxAgeS}; samesite=lax${secure}`;
}

function markStoredState(): void {
  if (renewedThisPage) return;
  writePageCookie(MARKER, '1', MARKER_MAX_AGE_S);
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

// The rendered-page cache in front of Astro (issue 21): anonymous catalogue pages are rendered
// once per key, compressed once, and served from memory until a catalogue change they show
// (their tags) or their time drops them. See README "Page cache and CDN".
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readCookie } from '#lib/cookies.ts';
import { getDeviceClass } from '#lib/device-class.ts';
import { isLocale } from '#lib/locale.ts';
import type { CatalogueTag } from '../catalogue-changes/index.ts';
import { LANG_COOKIE } from '../entry/request-context.ts';
import { renderToMemory, type CapturedPage, type NodeHandler } from './capture.ts';
import { chooseEncoding, encodePage, matchesEtag } from './encode.ts';
import { countPageCache } from '../metrics/index.ts';
import { dropsEverything, PageStore, type PageEntry } from './store.ts';

export interface PageCacheOptions {
  maxBytes: number;
  freshMs: number;
  staleMs: number;
  /** `X-Cache: hit|stale|miss` on answers (tests and benchmarks only). */
  exposeStatus: boolean;
  now?: () => number;
}

/** The catalogue pages (home, listings and search, product, brands); nothing else is kept. */
const CATALOGUE_PATH = /^\/(?:|produtos(?:\/[^?]*)?|especial(?:\/[^?]*)?|produto\/[^/?]+|marca\/[^?]+|marcas)$/;
const SESSION_PRESENT = /(?:^|;)\s*fronteira_session=/;
/** The request headers a cacheable page may depend on besides its address (the key covers them). */
const RENDER_HEADERS = ['host', 'user-agent', 'sec-ch-ua-mobile', 'x-device-class'] as const;
const ENTRY_OVERHEAD_BYTES = 1024;
/** Invalidations remembered to refuse storing a render that read data from before them. */
const RECENT_INVALIDATIONS = 256;

interface RenderFacts {
  url: string;
  headers: Record<string, string>;
}

type Outcome = { kind: 'entry'; entry: PageEntry } | { kind: 'page'; page: CapturedPage };

function readHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Path plus query with its parameters in one order: `?b=1&a=2` and `?a=2&b=1` are one page. */
function toNormalUrl(rawUrl: string): { path: string; url: string } | null {
  if (!URL.canParse(rawUrl, 'http://x')) return null;
  const parsed = new URL(rawUrl, 'http://x');
  parsed.searchParams.sort();
  const query = parsed.searchParams.toString();
  return { path: parsed.pathname, url: parsed.pathname + (query ? `?${query}` : '') };
}

function toTags(headers: Record<string, string | string[]>): Set<string> | null {
  const value = headers['surrogate-key'];
  if (typeof value !== 'string') return null;
  return new Set(value.split(/\s+/).filter(Boolean));
}

/** Stored only when the page says it may be (its tags), for everyone alike (no cookie set), and whole. */
function isStorable(page: CapturedPage): boolean {
  const type = page.headers['content-type'];
  return (
    page.status === 200 &&
    typeof type === 'string' &&
    type.startsWith('text/html') &&
    page.headers['set-cookie'] === undefined &&
    !String(page.headers['cache-control'] ?? '').includes('no-store') &&
    toTags(page.headers) !== null
  );
}

export function createPageCache(handler: NodeHandler, options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const store = new PageStore(options.maxBytes);
  const inFlight = new Map<string, Promise<Outcome>>();
  let epoch = 0;
  const recent: { epoch: number; tags: readonly CatalogueTag[] }[] = [];

  function invalidate(tags: readonly CatalogueTag[]): void {
    epoch += 1;
    recent.push({ epoch, tags });
    if (recent.length > RECENT_INVALIDATIONS) recent.shift();
    store.invalidate(tags);
  }

  /** Whether a change announced since `since` touches a page with these tags. */
  function changedSince(since: number, tags: ReadonlySet<string>): boolean {
    if (since < epoch - recent.length) return true; // too long ago to tell
    return recent.some((change) => change.epoch > since && change.tags.some((tag) => dropsEverything(tag) || tags.has(tag)));
  }

  async function renderAndStore(key: string, facts: RenderFacts): Promise<Outcome> {
    const startedAt = epoch;
    const page = await renderToMemory(handler, facts.url, facts.headers);
    if (!isStorable(page)) {
      store.delete(key); // a page that stopped being storable (now a 404) is not served stale
      return { kind: 'page', page };
    }
    const tags = toTags(page.headers) ?? new Set<string>();
    const { 'content-length': _length, 'content-encoding': _encoding, etag: _etag, ...headers } = page.headers;
    const encoded = await encodePage(page.body);
    const bytes = encoded.identity.body.length + encoded.br.body.length + encoded.gzip.body.length + ENTRY_OVERHEAD_BYTES;
    const entry: PageEntry = { status: page.status, headers, ...encoded, tags, storedAt: now(), bytes };
    // A change committed while this render read the database may be missing from it: it is
    // still this request's answer, but the next one renders again.
    if (!changedSince(startedAt, tags)) store.set(key, entry);
    return { kind: 'entry', entry };
  }

  /** One render per key at a time: later requests for the key wait for the first one's. */
  function renderOnce(key: string, facts: RenderFacts): Promise<Outcome> {
    const running = inFlight.get(key);
    if (running) return running;
    const render = renderAndStore(key, facts).finally(() => inFlight.delete(key));
    inFlight.set(key, render);
    return render;
  }

  function writeEntry(req: IncomingMessage, res: ServerResponse, entry: PageEntry, status: string): void {
    const encoding = chooseEncoding(readHeader(req, 'accept-encoding'));
    const body = entry[encoding];
    const vary = String(entry.headers.vary ?? '');
    const headers: Record<string, string | string[] | number> = {
      ...entry.headers,
      etag: body.etag,
      vary: /accept-encoding/i.test(vary) ? vary : vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding',
    };
    if (options.exposeStatus) headers['x-cache'] = status;
    if (matchesEtag(readHeader(req, 'if-none-match'), body.etag)) {
      res.writeHead(304, headers).end();
      return;
    }
    if (encoding !== 'identity') headers['content-encoding'] = encoding;
    headers['content-length'] = body.body.length;
    res.writeHead(entry.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body.body);
  }

  function writeOutcome(req: IncomingMessage, res: ServerResponse, outcome: Outcome, writeUncached: (page: CapturedPage) => void): void {
    if (outcome.kind === 'entry') writeEntry(req, res, outcome.entry, 'miss');
    else writeUncached(outcome.page);
  }

  function toKey(req: IncomingMessage, url: string): { key: string; facts: RenderFacts } {
    const lang = readCookie(readHeader(req, 'cookie'), LANG_COOKIE);
    const langCookie = isLocale(lang) ? lang : '';
    const device = getDeviceClass({ get: (name: string) => readHeader(req, name.toLowerCase()) ?? null });
    const headers: Record<string, string> = {};
    for (const name of RENDER_HEADERS) {
      const value = readHeader(req, name);
      if (value !== undefined) headers[name] = value;
    }
    // The page renders for the key, not for this visitor: only the language cookie goes in.
    if (langCookie) headers.cookie = `${LANG_COOKIE}=${langCookie}`;
    const host = (headers.host ?? '').toLowerCase();
    return { key: `${host}\n${url}\n${device}\n${langCookie}`, facts: { url, headers } };
  }

  return {
    /** Resolves once every render under way has ended (shutdown waits for it before closing the pool). */
    async settle(): Promise<void> {
      await Promise.allSettled([...inFlight.values()]);
    },
    invalidate,
    /**
     * Answers `req` when it is an anonymous GET/HEAD of a catalogue page (true); anything else
     * is left alone (false). `writeUncached` answers with a page the cache does not keep (a
     * redirect, a 404, an error page), compressed on the fly like any other answer.
     */
    serve(req: IncomingMessage, res: ServerResponse, writeUncached: (page: CapturedPage) => void): boolean {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      if (req.headers.authorization !== undefined || SESSION_PRESENT.test(readHeader(req, 'cookie') ?? '')) return false;
      const normal = toNormalUrl(req.url ?? '/');
      if (!normal || !CATALOGUE_PATH.test(normal.path)) return false;
      const { key, facts } = toKey(req, normal.url);
      const entry = store.get(key);
      const age = entry ? now() - entry.storedAt : Infinity;
      if (entry && age < options.freshMs) {
        countPageCache('hit');
        writeEntry(req, res, entry, 'hit');
        return true;
      }
      if (entry && age < options.freshMs + options.staleMs) {
        countPageCache('stale');
        writeEntry(req, res, entry, 'stale');
        renderOnce(key, facts).catch((error: unknown) => console.error('[page-cache] revalidation failed', error));
        return true;
      }
      countPageCache('miss');
      renderOnce(key, facts).then(
        (outcome) => writeOutcome(req, res, outcome, writeUncached),
        (error: unknown) => {
          console.error('[page-cache] render failed', error);
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
          res.end();
        },
      );
      return true;
    },
  };
}

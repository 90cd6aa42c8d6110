// The rendered-page cache in front of Astro (issue 21): anonymous catalogue pages are rendered
// once per key, compressed once, and served from memory until a catalogue change they show
// (their tags) or their time drops them. See README "Page cache and CDN".
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readCookie } from '#lib/cookies.ts';
import { getDeviceClass } from '#lib/device-class.ts';
import { isLocale, LANG_COOKIE } from '#lib/locale.ts';
import type { CatalogueTag } from '../catalogue-changes/index.ts';
import { answerFailedRequest } from '../http/request-failure.ts';
import { refuseTooManyRenders } from '../http/request-guard.ts';
import { getClientIp } from '../rate-limit/routes.ts';
import { renderToMemory, type CapturedPage, type NodeHandler } from './capture.ts';
import { chooseEncoding, encodePage, matchesEtag } from './encode.ts';
import { countPageCache } from '../metrics/index.ts';
import { toCacheableAddress } from './page-kinds.ts';
import { createRenderBudget } from './render-budget.ts';
import { createPageStore, dropsEverything, type PageEntry } from './store.ts';

export interface PageCacheOptions {
  maxBytes: number;
  freshMs: number;
  staleMs: number;
  /** `X-Cache: hit|stale|miss` on answers (tests and benchmarks only). */
  exposeStatus: boolean;
  /** New renders (misses) each client address may start: a sustained rate and a burst. */
  rendersPerClient: { perSecond: number; burst: number };
  now?: () => number;
}

const SESSION_PRESENT = /(?:^|;)\s*fronteira_session=/;
/** Addresses that are no page: the JSON API (its own limits) and the pictures. */
const NOT_A_PAGE = /^\/(?:api|ecom|img)(?:[/?]|$)/;
/** The request headers a cacheable page may depend on besides its address (the key covers them). */
const RENDER_HEADERS = ['host', 'user-agent', 'sec-ch-ua-mobile', 'x-device-class'] as const;
const ENTRY_OVERHEAD_BYTES = 1024;
/**
 * A client past its render budget waits this long for its 429: a flood's connections stop asking
 * at full speed, and holding them costs a timer where answering at once cost the event loop.
 */
const REFUSAL_DELAY_MS = 1000;
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
  const store = createPageStore({ maxBytes: options.maxBytes, keepMs: options.freshMs + options.staleMs, now });
  const renderBudget = createRenderBudget({ ...options.rendersPerClient, now });
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
    const entry: PageEntry = { status: page.status, headers, ...encoded, storedAt: now(), bytes };
    // A change committed while this render read the database may be missing from it: it is
    // still this request's answer, but the next one renders again.
    if (!changedSince(startedAt, tags)) store.set(key, entry, { tags });
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

  /** An anonymous GET or HEAD: what the cache may answer and the render budget counts. */
  function isAnonymousRead(req: IncomingMessage): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    return req.headers.authorization === undefined && !SESSION_PRESENT.test(readHeader(req, 'cookie') ?? '');
  }

  /**
   * Runs `render` (settling when it has ended) within its client's render budget: when the client
   * has a render left and its turn has come; otherwise a 429, after REFUSAL_DELAY_MS.
   */
  function renderWithinClientBudget(req: IncomingMessage, res: ServerResponse, render: () => Promise<unknown>): void {
    const client = getClientIp({
      clientAddress: req.socket.remoteAddress ?? '',
      headers: { get: (name) => readHeader(req, name) ?? null },
    });
    // A client gone while waiting its turn gets no render.
    const whenStillAsked = () => (res.destroyed ? Promise.resolve() : render());
    if (renderBudget.take(client) && renderBudget.enqueue(client, whenStillAsked)) return;
    const retryAfterS = renderBudget.getRetryAfterS(client);
    setTimeout(() => {
      if (!res.destroyed) refuseTooManyRenders(req, res, retryAfterS);
    }, REFUSAL_DELAY_MS);
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
     * Runs `render`, the answer to a request the cache did not take, at once unless it is an
     * anonymous page (`/sobre-nos?x=<random>`, `/login`; not the API or pictures): that one is a
     * render like a miss, run within its client's render budget. `render` may throw: its failure
     * is answered by answerFailedRequest.
     */
    renderWithinBudget(req: IncomingMessage, res: ServerResponse, render: () => void): void {
      if (!isAnonymousRead(req) || NOT_A_PAGE.test(req.url ?? '/')) return render();
      renderWithinClientBudget(
        req,
        res,
        () =>
          new Promise<void>((resolve) => {
            res.once('close', () => resolve());
            try {
              render();
            } catch (error) {
              answerFailedRequest(req, res, error);
            }
          }),
      );
    },
    /**
     * Answers `req` when it is an anonymous GET/HEAD of a catalogue page (true); anything else
     * is left alone (false). `writeUncached` answers with a page the cache does not keep (a
     * redirect, a 404, an error page), compressed on the fly like any other answer.
     */
    serve(req: IncomingMessage, res: ServerResponse, writeUncached: (page: CapturedPage) => void): boolean {
      if (!isAnonymousRead(req)) return false;
      const address = toCacheableAddress(req.url ?? '/');
      if (address === null) return false;
      const { key, facts } = toKey(req, address);
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
      const renderAndWrite = () =>
        renderOnce(key, facts).then(
          (outcome) => writeOutcome(req, res, outcome, writeUncached),
          (error: unknown) => {
            console.error('[page-cache] render failed', error);
            if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
            res.end();
          },
        );
      // A new render is charged to its client; joining one under way costs nothing.
      if (inFlight.has(key)) void renderAndWrite();
      else renderWithinClientBudget(req, res, renderAndWrite);
      return true;
    },
  };
}

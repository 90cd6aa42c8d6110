/**
 * One signal for "the catalogue changed". Every cache of catalogue data (in-process data caches,
 * and the rendered-page cache) listens; every writer (panel edits, imports, the ERP API, checkout
 * stock changes) announces after its transaction commits, naming what changed with tags:
 * `product:<id>`, `category:<id>`, `brand:<id>`, `banners`, `rates`, `sellers`, `shipping`, `store` (the store's details), or
 * `all` when too much changed to list.
 *
 * Listeners run synchronously in this process, so the writer's next page already reads fresh data.
 * Other processes learn of it through PostgreSQL NOTIFY on the channel `catalogue_changed`
 * (startCatalogueRelay, below): the announcement is published there too, and each process's one
 * LISTEN connection hands what others (or a manual `NOTIFY catalogue_changed, 'product:12'`) announce to its listeners.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { getPool, type Queryable } from '../db/client.ts';
import { notifyCatalogueChange, openCatalogueListener } from './repository.ts';

export type CatalogueTag =
  `product:${number}` | `category:${number}` | `brand:${number}` | 'banners' | 'rates' | 'sellers' | 'shipping' | 'store' | 'all';

type CatalogueListener = (tags: readonly CatalogueTag[]) => void;
type CataloguePublisher = (tags: readonly CatalogueTag[]) => void;

/** This process's listeners (its caches) and its relay to the other processes. */
interface SharedState {
  listeners: Set<CatalogueListener>;
  publisher: CataloguePublisher | null;
}
const state: SharedState = { listeners: new Set(), publisher: null };

function getState(): SharedState {
  return state;
}

const TAG = /^(?:(?:product|category|brand):[1-9]\d{0,9}|banners|rates|sellers|shipping|store|all)$/;

function isCatalogueTag(value: string): value is CatalogueTag {
  return TAG.test(value);
}

/** Registers a listener; returns the function that removes it. */
export function onCatalogueChange(listener: CatalogueListener): () => void {
  const { listeners } = getState();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells this process's listeners only (what the LISTEN connection received from elsewhere). */
function dispatchCatalogueChange(tags: readonly CatalogueTag[]): void {
  if (tags.length === 0) return;
  for (const listener of getState().listeners) listener(tags);
}

/** Tells every listener of this process, then the other processes. Call after the write has committed. */
export function announceCatalogueChange(tags: readonly CatalogueTag[]): void {
  if (tags.length === 0) return;
  dispatchCatalogueChange(tags);
  getState().publisher?.(tags);
}

/** The relay's way out to other processes (null: this process alone, as in unit tests). */
function setCataloguePublisher(publisher: CataloguePublisher | null): void {
  getState().publisher = publisher;
}

// The relay: carries catalogue announcements between the shop's processes through PostgreSQL
// NOTIFY: each process publishes what it announces and keeps one LISTEN connection that hands what
// the others announce (or what a trigger or a person's `NOTIFY catalogue_changed, 'product:12'`
// says) to its own listeners.

/** PostgreSQL refuses payloads of 8000 bytes or more: longer lists travel as `all`. */
const PAYLOAD_MAX_BYTES = 7900;
const RECONNECT_MAX_MS = 10_000;

/** `from:<process> tag tag ...`; the process marker lets the sender skip its own echo. */
export function toNotifyPayload(origin: string, tags: readonly CatalogueTag[]): string {
  const payload = `from:${origin} ${tags.join(' ')}`;
  return Buffer.byteLength(payload) > PAYLOAD_MAX_BYTES ? `from:${origin} all` : payload;
}

/**
 * The tags of a payload, or null when it is this process's own echo. Anything unreadable, or
 * nothing at all (a bare `NOTIFY catalogue_changed`), means `all`: better one render too many
 * than a stale price.
 */
export function readNotifyPayload(payload: string, self: string): CatalogueTag[] | null {
  const words = payload.split(/[\s,]+/).filter(Boolean);
  if (words[0] === `from:${self}`) return null;
  const tags = words.filter((word) => !word.startsWith('from:'));
  if (tags.length === 0 || !tags.every(isCatalogueTag)) return ['all'];
  return tags as CatalogueTag[];
}

export interface CatalogueRelay {
  stop(): Promise<void>;
}

interface RelayOptions {
  /** Where NOTIFY is sent (the process's pool unless told). */
  publishWith?: Queryable;
  log?: (message: string) => void;
}

export function startCatalogueRelay(connectionString: string, { publishWith, log = console.warn }: RelayOptions = {}): CatalogueRelay {
  const self = randomUUID();
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = 250;
  let timer: NodeJS.Timeout | undefined;

  setCataloguePublisher((tags) => {
    notifyCatalogueChange(publishWith ?? getPool(), toNotifyPayload(self, tags)).catch((error: unknown) => {
      log(`[catalogue] NOTIFY failed, other processes keep their pages until their fresh time ends: ${String(error)}`);
    });
  });

  const onPayload = (payload: string) => {
    const tags = readNotifyPayload(payload, self);
    if (tags) dispatchCatalogueChange(tags);
  };

  async function connect(lostBefore: boolean): Promise<void> {
    if (stopped) return;
    try {
      const opened = await openCatalogueListener(connectionString, onPayload);
      if (stopped) return void opened.end();
      client = opened;
      retryMs = 250;
      const onLost = () => {
        if (client !== opened || stopped) return;
        client = null;
        opened.removeAllListeners('end');
        opened.end().catch(() => undefined);
        schedule();
      };
      opened.on('error', onLost);
      opened.on('end', onLost);
      // Whatever was announced while no connection listened is unknown: drop everything once.
      if (lostBefore) dispatchCatalogueChange(['all']);
    } catch (error) {
      log(`[catalogue] LISTEN connection failed, retrying: ${String(error)}`);
      schedule();
    }
  }

  function schedule(): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void connect(true), retryMs);
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  }

  void connect(false);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      setCataloguePublisher(null);
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}

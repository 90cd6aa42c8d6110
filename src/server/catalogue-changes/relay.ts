// Carries catalogue announcements between the shop's processes through PostgreSQL NOTIFY: each
// process publishes what it announces and keeps one LISTEN connection that hands what the others
// announce (or what a trigger or a person's `NOTIFY catalogue_changed, 'product:12'` says) to its
// own listeners.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { getPool, type Queryable } from '../db/client.ts';
import { dispatchCatalogueChange, isCatalogueTag, setCataloguePublisher, type CatalogueTag } from './index.ts';
import { notifyCatalogueChange, openCatalogueListener } from './repository.ts';

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

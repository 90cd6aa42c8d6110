import { isDatabaseUnavailable, type Queryable } from '../db/client.ts';
import {
  replaceCartLinesBatch,
  replaceCartLinesIfCurrent,
  type CartChange,
  type CheckedCartChange,
  type CheckedReplaceResult,
  type ProductStockRow,
} from './repository.ts';

/**
 * Cart changes checked against recently read products, written in batches (decision 0208). At
 * most MAX_BATCHES_IN_FLIGHT round trips carry these writes at once; a change arriving while they
 * are all busy waits for the next one, which takes everything waiting (up to MAX_BATCH_SIZE). A
 * quiet shop sends each change alone, at once; a busy one pays one round trip, one transaction
 * and one wake-up of the database per batch instead of per change (sequentially measured: about
 * half the cost of a change).
 *
 * A batch is one transaction: when one of its changes raises, none is kept and each is made again
 * alone, so that only the change at fault fails.
 */
const MAX_BATCHES_IN_FLIGHT = 2;
const MAX_BATCH_SIZE = 25;

interface Waiting extends CheckedCartChange {
  resolve(result: CheckedReplaceResult): void;
  reject(error: unknown): void;
}

function createCartWriteBatches(db: Queryable) {
  const waiting: Waiting[] = [];
  let inFlight = 0;

  async function writeAlone(write: Waiting): Promise<void> {
    try {
      write.resolve(await replaceCartLinesIfCurrent(db, write.change, write.seen));
    } catch (error) {
      write.reject(error);
    }
  }

  async function writeBatch(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) return writeAlone(batch[0] as Waiting);
    // Carts are locked in external-id order, the same in every batch (sort is stable: two
    // changes of one cart keep their order, the later one wins).
    const ordered = [...batch].sort((a, b) =>
      a.change.externalId < b.change.externalId ? -1 : a.change.externalId > b.change.externalId ? 1 : 0,
    );
    try {
      const results = await replaceCartLinesBatch(db, ordered);
      ordered.forEach((write, index) => write.resolve(results[index] as CheckedReplaceResult));
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        for (const write of ordered) write.reject(error);
        return;
      }
      await Promise.all(ordered.map(writeAlone));
    }
  }

  function sendWaiting(): void {
    while (inFlight < MAX_BATCHES_IN_FLIGHT && waiting.length > 0) {
      inFlight += 1;
      void writeBatch(waiting.splice(0, MAX_BATCH_SIZE)).finally(() => {
        inFlight -= 1;
        sendWaiting();
      });
    }
  }

  return {
    /** replaceCartLinesIfCurrent, in the next batch. */
    write(change: CartChange, seen: Map<number, ProductStockRow>): Promise<CheckedReplaceResult> {
      return new Promise((resolve, reject) => {
        waiting.push({ change, seen, resolve, reject });
        sendWaiting();
      });
    },
  };
}

export type CartWriteBatches = ReturnType<typeof createCartWriteBatches>;

const batchesByDatabase = new WeakMap<Queryable, CartWriteBatches>();

/** The batches of writes to `db` (one queue per pool, kept for the process). */
export function getCartWriteBatches(db: Queryable): CartWriteBatches {
  let batches = batchesByDatabase.get(db);
  if (!batches) {
    batches = createCartWriteBatches(db);
    batchesByDatabase.set(db, batches);
  }
  return batches;
}

import { convertWithUsdRates } from '#lib/money.ts';
import type pg from 'pg';
import { ARMAZEM_ID, createExternalId, getMaxQuantity, type CartView } from '#lib/contract/cart.ts';
import type { CartItemInput } from '#lib/contract/cart-schema.ts';
import { createCache } from '../cache/index.ts';
import type { Clock } from '../clock.ts';
import { runInTransaction, type Queryable } from '../db/client.ts';
import { DomainError } from '../errors/domain-error.ts';
import { cartError } from './errors.ts';
import {
  checkStock,
  priceIn,
  toLineInputs,
  toMergedLines,
  toRemovedProductIds,
  toView,
  toWantedLines,
  withProducts,
} from './cart-lines.ts';
import {
  deleteCartLines,
  findCart,
  getCartAndProducts,
  getCartLines,
  getCartLinesWithProducts,
  getProducts,
  insertCartIfAbsent,
  lockAccountCart,
  lockCart,
  replaceCartLines,
  repriceLines,
  touchCart,
  updateCartOwner,
  upsertLine,
  getCartWriteBatches,
  type CartRow,
  type LineInput,
  type ProductStockRow,
  type ReplaceResult,
} from './repository.ts';
import { getPriceTable, type PriceTable } from '../prices/index.ts';

/**
 * The products recent cart changes named, per language, kept a few seconds (decision 0207): a
 * change whose products are all here is checked against them and written in one round trip by
 * cart_replace_lines_if_current, which refuses (409) when stock, price or currency moved since.
 * Names, pictures and the show-price flag in a cart's answer may be this old (a price hidden
 * within those seconds may still reach a cart: checkout refuses it, re-reading the product). No
 * catalogue change needs to drop them: the write itself refuses what moved.
 */
const recentProducts = createCache<string, ProductStockRow>({ name: 'cart-products', maxEntries: 5_000, ttlMs: 5_000, listens: false });

const keyOf = (lang: string, productId: number) => `${lang}:${productId}`;

function rememberProducts(products: Map<number, ProductStockRow>, lang: string): void {
  for (const product of products.values()) recentProducts.set(keyOf(lang, product.id), product);
}

/** Every one of `productIds` as recently read, or null when any is missing or too old. */
function getRecentProducts(productIds: number[], lang: string): Map<number, ProductStockRow> | null {
  const products = new Map<number, ProductStockRow>();
  for (const id of productIds) {
    const product = recentProducts.get(keyOf(lang, id));
    if (!product) return null;
    products.set(id, product);
  }
  return products;
}

export type Lang = 'pt' | 'es';

export interface CartActor {
  /** The signed-in customer sending the request, or null for an anonymous call. */
  customerId: number | null;
  lang: Lang;
}

interface Deps {
  db: pg.Pool;
  clock: Clock;
}

function requireAccess(cart: CartRow, actor: CartActor): void {
  if (cart.customer_id !== null && cart.customer_id !== actor.customerId) throw cartError('forbidden', 'forbidden');
}

/** The cart of a finished write, or the refusal the locked re-check found (a stale version is the caller's: see updateCart). */
function requireWritten(result: ReplaceResult): Extract<ReplaceResult, { status: 200 }> {
  if (result.status === 200) return result;
  throw result.status === 403 ? cartError('forbidden', 'forbidden') : cartError('not_found', 'cartNotFound');
}

/** What signing in did to the carts: the account's cart, and what the guest cart's lines became there. */
export interface SignInCart {
  /** The account's cart, which the browser's cart cookie names from now on; null when neither exists. */
  externalId: string | null;
  /** Guest lines added to (or summed into) the account's cart. */
  added: number;
  /** Names of products whose summed quantity the stock cap lowered. */
  capped: string[];
  /** Names of products that could not go in at all (no stock, price on request, gone). */
  dropped: string[];
}

/** toLineInputs, or null where it would refuse the change. */
function toLineInputsOrNull(...args: Parameters<typeof toLineInputs>): LineInput[] | null {
  try {
    return toLineInputs(...args);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

async function readView(db: Queryable, cart: CartRow, lang: Lang, table: PriceTable): Promise<CartView> {
  return toView(cart, await getCartLinesWithProducts(db, cart.id, lang), table);
}

export function createCartService({ db }: Deps) {
  return {
    /** POST /ecom/venda/carrinho: a new cart under a client-chosen external id. */
    async createCart(input: { externalId: string; currencyId: number; items: CartItemInput[] }, actor: CartActor): Promise<CartView> {
      const table = await getPriceTable(db);
      if (!table.currencies.has(input.currencyId)) throw cartError('invalid', 'currencyUnknown', { field: 'moeda_id' });
      const wanted = toWantedLines(input.items);
      const products = await getProducts(
        db,
        wanted.map((line) => line.productId),
        actor.lang,
      );
      rememberProducts(products, actor.lang);
      const lines = toLineInputs(wanted, products, input.currencyId, table);
      return runInTransaction(db, async (client) => {
        const cart = await insertCartIfAbsent(client, input.externalId, input.currencyId, actor.customerId);
        if (!cart) throw cartError('invalid', 'externalIdInUse', { field: 'external_id' });
        const written = requireWritten(
          await replaceCartLines(client, {
            externalId: input.externalId,
            cartId: cart.id,
            customerId: actor.customerId,
            currencyId: input.currencyId,
            lines,
            version: cart.version,
            removedIds: [],
          }),
        );
        return toView(written.cart, withProducts(written.lines, products), table);
      });
    },

    /**
     * PUT /ecom/venda/carrinho/{id}. With `version` (the cart's `versao` the client last saw) the
     * whole cart again, refused with the current cart when it has moved on since (a stale tab);
     * without it, a change per line: the lines named are set, the others stay. The row lock
     * serialises changes.
     */
    async updateCart(
      input: { externalId: string; cartId?: number; currencyId: number; items: CartItemInput[]; version?: number },
      actor: CartActor,
    ): Promise<CartView> {
      const table = await getPriceTable(db);
      if (!table.currencies.has(input.currencyId)) throw cartError('invalid', 'currencyUnknown', { field: 'moeda_id' });
      const wanted = toWantedLines(input.items);
      const productIds = wanted.map((line) => line.productId);
      const change = {
        externalId: input.externalId,
        cartId: input.cartId,
        customerId: actor.customerId,
        currencyId: input.currencyId,
        version: input.version ?? null,
        removedIds: toRemovedProductIds(input.items, wanted),
      };
      const refuseStale = async (): Promise<never> => {
        const found = await findCart(db, input.externalId);
        const current = found ? await readView(db, found, actor.lang, table) : null;
        throw cartError('conflict', 'cartStale', { details: { carrinho: current } });
      };
      // Products read by a recent change: checked here, written in one round trip (shared with
      // other carts' changes when the shop is busy, decision 0208) if the catalogue still agrees
      // (decision 0207). A change they refuse is made the long way below, which also gives its
      // error the usual precedence (missing cart before stock).
      const recent = getRecentProducts(productIds, actor.lang);
      const quickLines = recent && toLineInputsOrNull(wanted, recent, input.currencyId, table);
      if (recent && quickLines) {
        const written = await getCartWriteBatches(db).write({ ...change, lines: quickLines }, recent);
        if (written.status === 412) return refuseStale();
        if (written.status !== 409) {
          const stored = requireWritten(written);
          return toView(stored.cart, withProducts(stored.lines, recent), table);
        }
      }
      // Products and the cart are read before the lock (stock is re-read on every change, never
      // reserved here); the write locks the cart, re-checks access and stores in one round trip.
      const { cart, products } = await getCartAndProducts(db, input.externalId, productIds, actor.lang);
      rememberProducts(products, actor.lang);
      if (!cart || (input.cartId !== undefined && cart.id !== input.cartId)) throw cartError('not_found', 'cartNotFound');
      requireAccess(cart, actor);
      const lines = toLineInputs(wanted, products, input.currencyId, table);
      const result = await replaceCartLines(db, { ...change, lines });
      if (result.status === 412) return refuseStale();
      const written = requireWritten(result);
      return toView(written.cart, withProducts(written.lines, products), table);
    },

    /** GET /ecom/venda/carrinho/{externalId}?moeda_id=: a currency change reprices the lines. */
    async getCart(externalId: string, currencyId: number | undefined, actor: CartActor): Promise<CartView> {
      const table = await getPriceTable(db);
      const found = await findCart(db, externalId);
      if (!found) throw cartError('not_found', 'cartNotFound');
      requireAccess(found, actor);
      const wantsRebind = found.customer_id === null && actor.customerId !== null;
      const wantsCurrency = currencyId !== undefined && currencyId !== found.currency_id && table.currencies.has(currencyId);
      if (!wantsRebind && !wantsCurrency) return readView(db, found, actor.lang, table);
      return runInTransaction(db, async (client) => {
        const cart = (await lockCart(client, externalId)) as CartRow;
        const target = wantsCurrency ? (currencyId as number) : cart.currency_id;
        const version = await updateCartOwner(client, cart.id, actor.customerId, target);
        if (target !== cart.currency_id) {
          const lines = await getCartLines(client, cart.id);
          const products = await getProducts(
            client,
            lines.map((line) => line.product_id),
            actor.lang,
          );
          const prices = new Map<number, number>();
          for (const line of lines) {
            const product = products.get(line.product_id);
            const price = product ? convertWithUsdRates(product.price_minor, product.currency_id, target, table.usdRates) : null;
            if (price !== null) prices.set(line.id, price);
          }
          await repriceLines(client, cart.id, prices);
        }
        return readView(
          client,
          { ...cart, currency_id: target, customer_id: cart.customer_id ?? actor.customerId, version },
          actor.lang,
          table,
        );
      });
    },

    /**
     * Adds `quantity` of a product (the no-JS form and incremental adds): creates the cart when
     * absent, sums with the active line, caps at min(99, stock). `capped` tells the caller the
     * shopper got less than asked.
     */
    async addItem(
      input: { externalId: string; currencyId: number; productId: number; quantity: number },
      actor: CartActor,
    ): Promise<{ cart: CartView; capped: { n: number; m: number } | null }> {
      const table = await getPriceTable(db);
      return runInTransaction(db, async (client) => {
        await insertCartIfAbsent(client, input.externalId, input.currencyId, actor.customerId);
        const cart = (await lockCart(client, input.externalId)) as CartRow;
        requireAccess(cart, actor);
        const product = (await getProducts(client, [input.productId], actor.lang)).get(input.productId);
        checkStock(product, 1, 'produto_id');
        const max = getMaxQuantity((product as ProductStockRow).stock);
        const lines = await getCartLines(client, cart.id);
        const existing = lines.find((line) => line.product_id === input.productId && line.active);
        const inCart = existing?.quantity ?? 0;
        if (inCart >= max) throw cartError('invalid', 'stockTotalExceeds', { field: 'qtde', params: { n: max, m: inCart } });
        const quantity = Math.min(inCart + input.quantity, max);
        await upsertLine(client, cart.id, {
          productId: input.productId,
          warehouseId: ARMAZEM_ID,
          quantity,
          unitPriceMinor: priceIn(product as ProductStockRow, cart.currency_id, table),
          active: true,
        });
        const version = await touchCart(client, cart.id);
        const capped = inCart + input.quantity > max ? { n: max, m: inCart } : null;
        return { cart: await readView(client, { ...cart, version }, actor.lang, table), capped };
      });
    },

    /**
     * An order whose reservation ended, back in its buyer's cart (issue 35): its lines summed into
     * the account's cart within the stock cap, as signing in does with a guest cart; a new cart
     * when the account has none.
     */
    async putBackInCart(
      customerId: number,
      items: Array<{ productId: number; quantity: number }>,
      currencyId: number,
      lang: Lang,
    ): Promise<SignInCart> {
      const table = await getPriceTable(db);
      return runInTransaction(db, async (client) => {
        let cart = await lockAccountCart(client, customerId);
        if (!cart) {
          await insertCartIfAbsent(client, createExternalId(), currencyId, customerId);
          cart = (await lockAccountCart(client, customerId)) as CartRow;
        }
        const wanted = items.map((item, index) => ({
          id: -1 - index,
          product_id: item.productId,
          warehouse_id: ARMAZEM_ID,
          quantity: item.quantity,
          unit_price_minor: 0,
          active: true,
          token: '',
        }));
        const products = await getProducts(
          client,
          items.map((item) => item.productId),
          lang,
        );
        const outcome = toMergedLines(wanted, await getCartLines(client, cart.id), products, cart.currency_id, table);
        for (const line of outcome.lines) await upsertLine(client, cart.id, line);
        await touchCart(client, cart.id);
        return { externalId: cart.external_id, added: outcome.lines.length, capped: outcome.capped, dropped: outcome.dropped };
      });
    },

    /**
     * Signing in (issue 35): the account keeps one cart across devices, its most recently changed
     * one. The browser's guest cart (`guestExternalId`, from its cookie) is summed into it line by
     * line within the stock cap (min(99, stock), the one rule of getMaxQuantity) and emptied;
     * without an account cart the guest cart becomes the account's. Both carts are locked, the
     * guest's first (the only order any transaction locks two carts in).
     */
    async adoptOnSignIn(customerId: number, guestExternalId: string | null, lang: Lang): Promise<SignInCart> {
      const table = await getPriceTable(db);
      return runInTransaction(db, async (client) => {
        const guest = guestExternalId ? await lockCart(client, guestExternalId) : null;
        const usable = guest && (guest.customer_id === null || guest.customer_id === customerId) ? guest : null;
        const account = await lockAccountCart(client, customerId);
        const none: SignInCart = { externalId: account?.external_id ?? null, added: 0, capped: [], dropped: [] };
        if (!usable || usable.id === account?.id) return none;
        if (!account) {
          await updateCartOwner(client, usable.id, customerId, usable.currency_id);
          return { ...none, externalId: usable.external_id };
        }
        const guestLines = (await getCartLines(client, usable.id)).filter((line) => line.active);
        if (guestLines.length === 0) return none;
        const accountLines = await getCartLines(client, account.id);
        const products = await getProducts(
          client,
          guestLines.map((line) => line.product_id),
          lang,
        );
        const outcome = toMergedLines(guestLines, accountLines, products, account.currency_id, table);
        for (const line of outcome.lines) await upsertLine(client, account.id, line);
        await deleteCartLines(client, usable.id);
        await touchCart(client, usable.id);
        await touchCart(client, account.id);
        return { externalId: account.external_id, added: outcome.lines.length, capped: outcome.capped, dropped: outcome.dropped };
      });
    },
  };
}

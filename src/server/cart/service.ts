import { convertWithUsdRates } from '#lib/money.ts';
import type pg from 'pg';
import { ARMAZEM_ID, createExternalId, type CartView } from '#lib/contract/cart.ts';
import type { CartItemInput } from '#lib/contract/cart-schema.ts';
import { createCache } from '../cache/index.ts';
import type { Clock } from '../clock.ts';
import { runInTransaction, type Queryable } from '../db/client.ts';
import { DomainError } from '../errors/domain-error.ts';
import { capAddition, createInventoryService, type ProductForSale } from '../inventory/index.ts';
import { cartError } from './errors.ts';
import {
  checkStock,
  toLineInputs,
  toMergedLines,
  toRemovedProductIds,
  toView,
  toWantedLines,
  withProducts,
  type WantedLine,
} from './cart-lines.ts';
import {
  deleteCartLines,
  findCart,
  getCartLines,
  getCartLinesWithProducts,
  insertCartIfAbsent,
  lockAccountCart,
  lockCart,
  repriceLines,
  toCartLinesWrite,
  touchCart,
  updateCartOwner,
  upsertLine,
  type CartChange,
  type CartRow,
  type ReplaceResult,
} from './repository.ts';
import { getPriceTable, type PriceTable } from '../prices/index.ts';

/**
 * The products recent cart changes named, per language, kept a few seconds (decision 0207): a
 * change whose products are all here is checked against them and written in one round trip by
 * the inventory's writeCartLinesIfCurrent, which refuses (409) when stock, price or currency moved since.
 * Names, pictures and the show-price flag in a cart's answer may be this old (a price hidden
 * within those seconds may still reach a cart: checkout refuses it, re-reading the product). No
 * catalogue change needs to drop them: the write itself refuses what moved.
 */
const recentProducts = createCache<string, ProductForSale>({ name: 'cart-products', maxEntries: 5_000, ttlMs: 5_000, listens: false });

const keyOf = (lang: string, productId: number) => `${lang}:${productId}`;

function rememberProducts(products: Map<number, ProductForSale>, lang: string): void {
  for (const product of products.values()) recentProducts.set(keyOf(lang, product.id), product);
}

/** Every one of `productIds` as recently read, or null when any is missing or too old. */
function getRecentProducts(productIds: number[], lang: string): Map<number, ProductForSale> | null {
  const products = new Map<number, ProductForSale>();
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

/** A change of a cart's lines before its products are read: what the shopper wants of each. */
type LineChange = Omit<CartChange, 'lines'> & { wanted: WantedLine[] };

/** Rounds of "read the products again" a change may take when they keep moving under it. */
const MAX_PRODUCT_READS = 5;
/** Rounds of a no-JS add made again because the cart moved on meanwhile (each round, one racing change wins). */
const MAX_ADD_ATTEMPTS = 50;

async function readView(db: Queryable, cart: CartRow, lang: Lang, table: PriceTable): Promise<CartView> {
  return toView(cart, await getCartLinesWithProducts(db, cart.id, lang), table);
}

export function createCartService({ db }: Deps) {
  const inventory = createInventoryService({ db });

  /**
   * THE write of a cart's lines (decision 1310), for every door: the island's PUT and POST and
   * the no-JS add-to-cart form. The products named are read (or taken from the last few seconds'
   * copy, decision 0207), the lines checked against them (caps of the inventory) and priced, and
   * written by the inventory (writeCartLinesIfCurrent), which writes only if those products still
   * have the stock, price and currency read: otherwise they are read again and the change made
   * again. Changes on the shop's pool share round trips when many arrive at once (decision 0208);
   * `tx` (a cart being created) writes in that transaction.
   */
  async function writeChange(
    change: LineChange,
    actor: CartActor,
    table: PriceTable,
    tx?: Queryable,
  ): Promise<{ written: ReplaceResult; products: Map<number, ProductForSale> }> {
    const productIds = change.wanted.map((line) => line.productId);
    let products = getRecentProducts(productIds, actor.lang);
    for (let reads = 0; reads < MAX_PRODUCT_READS;) {
      const fresh = !products;
      if (!products) {
        products = await inventory.getProductsForSale(productIds, actor.lang, tx);
        rememberProducts(products, actor.lang);
        reads += 1;
      }
      let lines;
      try {
        lines = toLineInputs(change.wanted, products, change.currencyId, table);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        // A refusal of a copy is checked again on a fresh read; a fresh refusal comes after the
        // cart's own (missing, someone else's), as the contract orders them.
        if (!fresh) {
          products = null;
          continue;
        }
        if (!tx) await requireCartAccess(change, actor);
        throw error;
      }
      const { wanted: _wanted, ...target } = change;
      const written = await inventory.writeCartLinesIfCurrent<ReplaceResult>(toCartLinesWrite({ ...target, lines }), products, tx);
      if (written.status !== 409) return { written, products };
      products = null;
    }
    // Products moving under every read in a row: the shopper is asked to try again (409), never a 500.
    throw cartError('conflict', 'cartError');
  }

  /** 404 when the change's cart is missing (or is not the one named), 403 when it is someone else's. */
  async function requireCartAccess(change: Pick<LineChange, 'externalId' | 'cartId'>, actor: CartActor): Promise<void> {
    const cart = await findCart(db, change.externalId);
    if (!cart || (change.cartId !== undefined && cart.id !== change.cartId)) throw cartError('not_found', 'cartNotFound');
    requireAccess(cart, actor);
  }

  /** A stale whole-cart change (412): refused with the cart as it is now. */
  async function refuseStale(externalId: string, actor: CartActor, table: PriceTable): Promise<never> {
    const found = await findCart(db, externalId);
    const current = found ? await readView(db, found, actor.lang, table) : null;
    throw cartError('conflict', 'cartStale', { details: { carrinho: current } });
  }

  /** A change of an existing cart's lines, answered with the cart's view. */
  async function changeLines(change: LineChange, actor: CartActor, table: PriceTable): Promise<CartView> {
    const { written, products } = await writeChange(change, actor, table);
    if (written.status === 412) return refuseStale(change.externalId, actor, table);
    const stored = requireWritten(written);
    return toView(stored.cart, withProducts(stored.lines, products), table);
  }

  /** A new cart under `externalId` holding `wanted` (refused when the id is taken), answered with its view. */
  async function createWithLines(
    input: { externalId: string; currencyId: number; wanted: WantedLine[] },
    actor: CartActor,
    table: PriceTable,
  ): Promise<CartView> {
    return runInTransaction(db, async (client) => {
      const cart = await insertCartIfAbsent(client, input.externalId, input.currencyId, actor.customerId);
      if (!cart) throw cartError('invalid', 'externalIdInUse', { field: 'external_id' });
      const change = {
        externalId: input.externalId,
        cartId: cart.id,
        customerId: actor.customerId,
        currencyId: input.currencyId,
        version: cart.version,
        removedIds: [],
        wanted: input.wanted,
      };
      const { written, products } = await writeChange(change, actor, table, client);
      const stored = requireWritten(written);
      return toView(stored.cart, withProducts(stored.lines, products), table);
    });
  }

  return {
    /** POST /ecom/venda/carrinho: a new cart under a client-chosen external id. */
    async createCart(input: { externalId: string; currencyId: number; items: CartItemInput[] }, actor: CartActor): Promise<CartView> {
      const table = await getPriceTable(db);
      if (!table.currencies.has(input.currencyId)) throw cartError('invalid', 'currencyUnknown', { field: 'moeda_id' });
      return createWithLines(
        { externalId: input.externalId, currencyId: input.currencyId, wanted: toWantedLines(input.items) },
        actor,
        table,
      );
    },

    /**
     * PUT /ecom/venda/carrinho/{id}. With `version` (the cart's `versao` the client last saw) the
     * whole cart again, refused with the current cart when it has moved on since (a stale tab);
     * without it, a change per line: the lines named are set, the others stay. The write's row
     * lock serialises changes.
     */
    async updateCart(
      input: { externalId: string; cartId?: number; currencyId: number; items: CartItemInput[]; version?: number },
      actor: CartActor,
    ): Promise<CartView> {
      const table = await getPriceTable(db);
      if (!table.currencies.has(input.currencyId)) throw cartError('invalid', 'currencyUnknown', { field: 'moeda_id' });
      const wanted = toWantedLines(input.items);
      return changeLines(
        {
          externalId: input.externalId,
          cartId: input.cartId,
          customerId: actor.customerId,
          currencyId: input.currencyId,
          version: input.version ?? null,
          removedIds: toRemovedProductIds(input.items, wanted),
          wanted,
        },
        actor,
        table,
      );
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
          const products = await inventory.getProductsForSale(
            lines.map((line) => line.product_id),
            actor.lang,
            client,
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
     * Adds `quantity` of a product (the no-JS form): the active line's quantity plus the added one,
     * within the line's cap (the inventory's capAddition), written as the island writes: the whole
     * cart from the version just read (a new cart when absent), through the same writeChange. A
     * change that lost the race (the cart moved on, or another post created it) is made again from
     * the cart as it is now, so concurrent posts add up exactly. `capped` tells the caller the
     * shopper got less than asked.
     */
    async addItem(
      input: { externalId: string; currencyId: number; productId: number; quantity: number },
      actor: CartActor,
    ): Promise<{ cart: CartView; capped: { n: number; m: number } | null }> {
      const table = await getPriceTable(db);
      for (let attempt = 0; attempt < MAX_ADD_ATTEMPTS; attempt += 1) {
        const cart = await findCart(db, input.externalId);
        if (cart) requireAccess(cart, actor);
        const product = (await inventory.getProductsForSale([input.productId], actor.lang)).get(input.productId);
        checkStock(product, 1, 'produto_id');
        const lines = cart ? await getCartLines(db, cart.id) : [];
        const held = lines.find((line) => line.product_id === input.productId && line.active)?.quantity ?? 0;
        const added = capAddition(held, input.quantity, product);
        if (held >= added.cap) throw cartError('invalid', 'stockTotalExceeds', { field: 'qtde', params: { n: added.cap, m: held } });
        const capped = added.capped ? { n: added.cap, m: held } : null;
        const wanted: WantedLine[] = [
          ...lines
            .filter((line) => line.product_id !== input.productId)
            .map((line) => ({ productId: line.product_id, quantity: line.quantity, active: line.active })),
          { productId: input.productId, quantity: added.quantity, active: true },
        ];
        if (!cart) {
          try {
            return {
              cart: await createWithLines({ externalId: input.externalId, currencyId: input.currencyId, wanted }, actor, table),
              capped,
            };
          } catch (error) {
            if (error instanceof DomainError && error.key === 'externalIdInUse') continue;
            throw error;
          }
        }
        const change = {
          externalId: input.externalId,
          cartId: cart.id,
          customerId: actor.customerId,
          currencyId: cart.currency_id,
          version: cart.version,
          removedIds: [],
          wanted,
        };
        const { written, products } = await writeChange(change, actor, table);
        if (written.status === 412) continue;
        const stored = requireWritten(written);
        return { cart: toView(stored.cart, withProducts(stored.lines, products), table), capped };
      }
      // Every attempt lost to another change of the same cart: the shopper is asked to try again (409).
      throw cartError('conflict', 'cartError');
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
        const products = await inventory.getProductsForSale(
          items.map((item) => item.productId),
          lang,
          client,
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
     * line within the line's cap (the inventory's capAddition) and emptied;
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
        const products = await inventory.getProductsForSale(
          guestLines.map((line) => line.product_id),
          lang,
          client,
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

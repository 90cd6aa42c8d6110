import type pg from 'pg';
import { ARMAZEM_ID, FILIAL_ID, getMaxQuantity, type CartItemInput, type CartView } from '../../lib/contract/cart.ts';
import type { Clock } from '../clock.ts';
import { runInTransaction, type Queryable } from '../db/client.ts';
import { CartError } from './cart-errors.ts';
import {
  findCart, getCartLines, getCartLinesWithProducts, getProducts, insertCartIfAbsent, lockCart, replaceLines,
  repriceLines, updateCartOwner, upsertLine, type CartRow, type ProductStockRow,
} from './cart-repository.ts';
import { convertMinor, getPriceTable, toMajor, type PriceTable } from './pricing.ts';

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

/** A line as the client asked for it, after merging entries of the same product. */
interface WantedLine {
  productId: number;
  quantity: number;
  active: boolean;
}

/** Same product sent twice: quantities are summed (the stock check sees the total). */
function mergeItems(items: CartItemInput[]): WantedLine[] {
  const byProduct = new Map<number, WantedLine>();
  for (const item of items) {
    const active = item.ativo !== false;
    const seen = byProduct.get(item.produto_id);
    if (!seen) byProduct.set(item.produto_id, { productId: item.produto_id, quantity: item.qtde, active });
    else if (seen.active === active) seen.quantity += item.qtde;
    else if (active) byProduct.set(item.produto_id, { productId: item.produto_id, quantity: item.qtde, active });
  }
  return [...byProduct.values()];
}

function requireAccess(cart: CartRow, actor: CartActor): void {
  if (cart.customer_id !== null && cart.customer_id !== actor.customerId) throw new CartError(403, 'cartNotFound');
}

/** The stock rule of spec section 5, phrased as the message the shopper sees. */
export function checkStock(product: ProductStockRow | undefined, quantity: number, field: string): void {
  if (!product) throw new CartError(422, 'productNotFound', { field });
  const max = getMaxQuantity(product.stock);
  if (max === 0) throw new CartError(422, 'noStock', { field });
  if (quantity > max) throw new CartError(422, 'stockRequestedExceeds', { field, params: { q: quantity, n: max } });
}

function priceIn(product: ProductStockRow, currencyId: number, table: PriceTable): number {
  const price = convertMinor(product.price_minor, product.currency_id, currencyId, table);
  if (price === null) throw new CartError(422, 'currencyUnknown', { field: 'moeda_id' });
  return price;
}

async function toView(db: Queryable, cart: CartRow, lang: Lang, table: PriceTable): Promise<CartView> {
  const lines = await getCartLinesWithProducts(db, cart.id, lang);
  const currency = table.currencies.get(cart.currency_id) ?? { id: cart.currency_id, symbol: '', decimals: 2 };
  let totalMinor = 0;
  const itens = lines.map((line) => {
    const product = line.product;
    if (line.active) totalMinor += line.unit_price_minor * line.quantity;
    return {
      id: line.id,
      produto_id: line.product_id,
      armazem_id: line.warehouse_id,
      qtde: line.quantity,
      ativo: line.active,
      valor_unitario: toMajor(line.unit_price_minor, currency),
      valor_subtotal: toMajor(line.unit_price_minor * line.quantity, currency),
      token: line.token,
      produto: {
        id: line.product_id,
        slug: product?.slug ?? String(line.product_id),
        nome: product?.name ?? '',
        codigo: product?.code ?? '',
        imagens: product?.images ?? [],
        qtde_disponivel: product?.stock ?? 0,
        tem_estoque: (product?.stock ?? 0) > 0,
        mostrar_preco: product?.show_price ?? true,
      },
    };
  });
  return {
    id: cart.id,
    external_id: cart.external_id,
    filial_id: cart.branch_id ?? FILIAL_ID,
    moeda_id: cart.currency_id,
    moeda: { id: currency.id, simbolo: currency.symbol, casas_decimais: currency.decimals },
    cliente_endereco_id: cart.customer_address_id,
    itens,
    valor_total: toMajor(totalMinor, currency),
  };
}

export function createCartService({ db }: Deps) {
  /** Replaces the cart's lines with `items` (the contract sends the whole cart on every change). */
  async function writeLines(client: pg.PoolClient, cart: CartRow, items: CartItemInput[], actor: CartActor, table: PriceTable) {
    const wanted = mergeItems(items).filter((line) => line.quantity > 0);
    const products = await getProducts(client, wanted.map((line) => line.productId), actor.lang);
    wanted.forEach((line, index) => {
      if (!Number.isInteger(line.quantity)) throw new CartError(422, 'wholeNumber', { field: `itens.${index}.qtde` });
      if (line.active) checkStock(products.get(line.productId), line.quantity, `itens.${index}.qtde`);
      else if (!products.has(line.productId)) throw new CartError(422, 'productNotFound', { field: `itens.${index}.produto_id` });
    });
    await replaceLines(client, cart.id, wanted.map((line) => ({
      productId: line.productId,
      warehouseId: ARMAZEM_ID,
      quantity: Math.min(line.quantity, 99),
      unitPriceMinor: priceIn(products.get(line.productId) as ProductStockRow, cart.currency_id, table),
      active: line.active,
    })));
  }

  return {
    /** POST /ecom/venda/carrinho: a new cart under a client-chosen external id. */
    async createCart(input: { externalId: string; currencyId: number; items: CartItemInput[] }, actor: CartActor): Promise<CartView> {
      const table = await getPriceTable(db);
      if (!table.currencies.has(input.currencyId)) throw new CartError(422, 'currencyUnknown', { field: 'moeda_id' });
      return runInTransaction(db, async (client) => {
        const cart = await insertCartIfAbsent(client, input.externalId, input.currencyId, actor.customerId);
        if (!cart) throw new CartError(422, 'externalIdInUse', { field: 'external_id' });
        await writeLines(client, cart, input.items, actor, table);
        return toView(client, cart, actor.lang, table);
      });
    },

    /** PUT /ecom/venda/carrinho/{id}: the whole cart again; the row lock serialises changes. */
    async updateCart(
      input: { externalId: string; cartId?: number; currencyId: number; items: CartItemInput[] },
      actor: CartActor,
    ): Promise<CartView> {
      const table = await getPriceTable(db);
      if (!table.currencies.has(input.currencyId)) throw new CartError(422, 'currencyUnknown', { field: 'moeda_id' });
      return runInTransaction(db, async (client) => {
        const cart = await lockCart(client, input.externalId);
        if (!cart || (input.cartId !== undefined && cart.id !== input.cartId)) throw new CartError(404, 'cartNotFound');
        requireAccess(cart, actor);
        if ((cart.customer_id === null && actor.customerId !== null) || cart.currency_id !== input.currencyId) {
          await updateCartOwner(client, cart.id, actor.customerId, input.currencyId);
        }
        const owned = { ...cart, customer_id: cart.customer_id ?? actor.customerId, currency_id: input.currencyId };
        await writeLines(client, owned, input.items, actor, table);
        return toView(client, owned, actor.lang, table);
      });
    },

    /** GET /ecom/venda/carrinho/{externalId}?moeda_id=: a currency change reprices the lines. */
    async getCart(externalId: string, currencyId: number | undefined, actor: CartActor): Promise<CartView> {
      const table = await getPriceTable(db);
      const found = await findCart(db, externalId);
      if (!found) throw new CartError(404, 'cartNotFound');
      requireAccess(found, actor);
      const wantsRebind = found.customer_id === null && actor.customerId !== null;
      const wantsCurrency = currencyId !== undefined && currencyId !== found.currency_id && table.currencies.has(currencyId);
      if (!wantsRebind && !wantsCurrency) return toView(db, found, actor.lang, table);
      return runInTransaction(db, async (client) => {
        const cart = (await lockCart(client, externalId)) as CartRow;
        const target = wantsCurrency ? (currencyId as number) : cart.currency_id;
        await updateCartOwner(client, cart.id, actor.customerId, target);
        if (target !== cart.currency_id) {
          const lines = await getCartLines(client, cart.id);
          const products = await getProducts(client, lines.map((line) => line.product_id), actor.lang);
          const prices = new Map<number, number>();
          for (const line of lines) {
            const product = products.get(line.product_id);
            const price = product ? convertMinor(product.price_minor, product.currency_id, target, table) : null;
            if (price !== null) prices.set(line.id, price);
          }
          await repriceLines(client, cart.id, prices);
        }
        return toView(client, { ...cart, currency_id: target, customer_id: cart.customer_id ?? actor.customerId }, actor.lang, table);
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
        if (inCart >= max) throw new CartError(422, 'stockTotalExceeds', { field: 'qtde', params: { n: max, m: inCart } });
        const quantity = Math.min(inCart + input.quantity, max);
        await upsertLine(client, cart.id, {
          productId: input.productId,
          warehouseId: ARMAZEM_ID,
          quantity,
          unitPriceMinor: priceIn(product as ProductStockRow, cart.currency_id, table),
          active: true,
        });
        const capped = inCart + input.quantity > max ? { n: max, m: inCart } : null;
        return { cart: await toView(client, cart, actor.lang, table), capped };
      });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;

import { ARMAZEM_ID, FILIAL_ID, getMaxQuantity, type CartView } from '#lib/contract/cart.ts';
import type { CartItemInput } from '#lib/contract/cart-schema.ts';
import { capAddition, checkLineQuantity, type ProductForSale } from '../inventory/index.ts';
import { cartError } from './errors.ts';
import type { CartLineRow, CartLineWithProduct, CartRow, LineInput } from './repository.ts';
import { convertWithUsdRates, toMajor } from '#lib/money.ts';
import type { PriceTable } from '../prices/index.ts';

/** A line as the client asked for it, after merging entries of the same product. */
export interface WantedLine {
  productId: number;
  quantity: number;
  active: boolean;
}

/** Same product sent twice: quantities are summed (the stock check sees the total); zero or less deletes. */
export function toWantedLines(items: CartItemInput[]): WantedLine[] {
  const byProduct = new Map<number, WantedLine>();
  for (const item of items) {
    const active = item.ativo !== false;
    const seen = byProduct.get(item.produto_id);
    if (!seen) byProduct.set(item.produto_id, { productId: item.produto_id, quantity: item.qtde, active });
    else if (seen.active === active) seen.quantity += item.qtde;
    else if (active) byProduct.set(item.produto_id, { productId: item.produto_id, quantity: item.qtde, active });
  }
  return [...byProduct.values()].filter((line) => line.quantity > 0);
}

/** Products the client sent with qtde 0 or less (and no positive line): a change per line deletes their lines. */
export function toRemovedProductIds(items: CartItemInput[], wanted: WantedLine[]): number[] {
  const kept = new Set(wanted.map((line) => line.productId));
  return [...new Set(items.map((item) => item.produto_id))].filter((id) => !kept.has(id));
}

/**
 * A guest cart's active lines summed into the account cart's (signing in, issue 35): each
 * product's quantity becomes what the account had active plus the guest's, within the line's cap
 * (the inventory's capAddition); a product that cannot be sold at all is left out. Names the products
 * whose quantity the cap lowered and those left out, for the shopper's notice.
 */
export function toMergedLines(
  guest: CartLineRow[],
  account: CartLineRow[],
  products: Map<number, ProductForSale>,
  currencyId: number,
  table: PriceTable,
): { lines: LineInput[]; capped: string[]; dropped: string[] } {
  const lines: LineInput[] = [];
  const capped: string[] = [];
  const dropped: string[] = [];
  for (const line of guest) {
    const product = products.get(line.product_id);
    const inAccount = account.find((held) => held.product_id === line.product_id && held.warehouse_id === line.warehouse_id && held.active);
    const held = inAccount?.quantity ?? 0;
    const added = capAddition(held, line.quantity, product);
    if (!product || added.quantity <= held) {
      (added.cap === 0 ? dropped : capped).push(product?.name ?? String(line.product_id));
      continue;
    }
    if (added.capped) capped.push(product.name);
    lines.push({
      productId: line.product_id,
      warehouseId: line.warehouse_id,
      quantity: added.quantity,
      unitPriceMinor: priceIn(product, currencyId, table),
      active: true,
    });
  }
  return { lines, capped, dropped };
}

/** The inventory's verdict on a line (checkLineQuantity), as the message the shopper sees on `field`. */
export function checkStock(product: ProductForSale | undefined, quantity: number, field: string): void {
  const refusal = checkLineQuantity(product, quantity);
  if (!refusal) return;
  if (refusal.reason !== 'stockRequestedExceeds') throw cartError('invalid', refusal.reason, { field });
  throw cartError('invalid', refusal.reason, { field, params: { q: refusal.quantity, n: refusal.cap } });
}

/** The catalogue price in the cart currency: the client's valor_unitario is never used. */
export function priceIn(product: ProductForSale, currencyId: number, table: PriceTable): number {
  const price = convertWithUsdRates(product.price_minor, product.currency_id, currencyId, table.usdRates);
  if (price === null) throw cartError('invalid', 'currencyUnknown', { field: 'moeda_id' });
  return price;
}

/** Checks every wanted line against stock and prices it: the lines to store, or a cart error. */
export function toLineInputs(
  wanted: WantedLine[],
  products: Map<number, ProductForSale>,
  currencyId: number,
  table: PriceTable,
): LineInput[] {
  wanted.forEach((line, index) => {
    if (!Number.isInteger(line.quantity)) throw cartError('invalid', 'wholeNumber', { field: `itens.${index}.qtde` });
    if (line.active) checkStock(products.get(line.productId), line.quantity, `itens.${index}.qtde`);
    else if (!products.has(line.productId)) throw cartError('invalid', 'productNotFound', { field: `itens.${index}.produto_id` });
  });
  return wanted.map((line) => ({
    productId: line.productId,
    warehouseId: ARMAZEM_ID,
    quantity: Math.min(line.quantity, getMaxQuantity()),
    unitPriceMinor: priceIn(products.get(line.productId) as ProductForSale, currencyId, table),
    active: line.active,
  }));
}

/** Stored lines joined with products already read (every line of a whole-cart write names one). */
export function withProducts(lines: CartLineRow[], products: Map<number, ProductForSale>): CartLineWithProduct[] {
  return lines.map((line) => ({ ...line, product: products.get(line.product_id) ?? null }));
}

export function toView(cart: CartRow, lines: CartLineWithProduct[], table: PriceTable): CartView {
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
      valor_unitario: toMajor(line.unit_price_minor, currency.decimals),
      valor_subtotal: toMajor(line.unit_price_minor * line.quantity, currency.decimals),
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
    valor_total: toMajor(totalMinor, currency.decimals),
    versao: cart.version,
  };
}

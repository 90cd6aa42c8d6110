import { convertMinor, getPriceTable, toMajor } from '../cart/pricing.ts';
import { getPool } from '../db/client.ts';

/**
 * Prices of listed products in the shopper's cart currency, formatted as the cart shows them
 * (G$ without decimals; others two decimals with a comma).
 */
export async function formatPriceIn(products: Array<{ price_minor: number; currency_id: number; mostrar_preco: boolean }>, currencyId: number): Promise<string[]> {
  const table = await getPriceTable(getPool());
  const currency = table.currencies.get(currencyId);
  return products.map((product) => {
    const minor = convertMinor(product.price_minor, product.currency_id, currencyId, table);
    if (!product.mostrar_preco || minor === null || !currency) return '';
    const value = toMajor(minor, currency);
    const [whole = '0', fraction] = value.toFixed(currency.decimals).split('.');
    const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
    return `${currency.symbol} ${fraction ? `${grouped},${fraction}` : grouped}`;
  });
}

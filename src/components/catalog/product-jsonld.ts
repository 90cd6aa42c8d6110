import type { ExchangeRate, Product } from '#lib/contract/catalog.ts';
import { toBreadcrumbJsonLd } from '../seo/seo.ts';
import { getStructuredDataCurrency, getStructuredDataPriceText, isCurrencyId, toMinor } from '#lib/money.ts';

/**
 * How the shop delivers, from its own rate table: home delivery in Paraguay (cheapest rate, its
 * days), or none for the Brazilian storefront (store pickup only, DECISIONS.md).
 */
export type ShippingFacts = { country: 'PY'; priceMinor: number; minDays: number; maxDays: number } | { country: 'BR'; doesNotShip: true };

function toShippingDetails(facts: ShippingFacts): Record<string, unknown> {
  const destination = { '@type': 'DefinedRegion', addressCountry: facts.country };
  if ('doesNotShip' in facts) return { '@type': 'OfferShippingDetails', shippingDestination: destination, doesNotShip: true };
  return {
    '@type': 'OfferShippingDetails',
    shippingDestination: destination,
    shippingRate: { '@type': 'MonetaryAmount', value: facts.priceMinor, currency: 'PYG' },
    deliveryTime: {
      '@type': 'ShippingDeliveryTime',
      transitTime: { '@type': 'QuantitativeValue', minValue: facts.minDays, maxValue: facts.maxDays, unitCode: 'DAY' },
    },
  };
}

/** The store's return window from its settings (RETURN_POLICY_DAYS): returns are made at the store. */
export interface ReturnFacts {
  country: 'PY' | 'BR';
  days: number;
}

function toReturnPolicy({ country, days }: ReturnFacts): Record<string, unknown> {
  if (days === 0)
    return {
      '@type': 'MerchantReturnPolicy',
      applicableCountry: country,
      returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
    };
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: country,
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: days,
    returnMethod: 'https://schema.org/ReturnInStore',
    returnFees: 'https://schema.org/FreeReturn',
  };
}

/** What the shop's own settings say about delivery and returns, for the Offer. */
export interface OfferFacts {
  shipping: ShippingFacts | null;
  returns: ReturnFacts | null;
}

/**
 * Product (with Offer) and BreadcrumbList structured data for a product page. No
 * `priceValidUntil`: the catalogue's prices carry no end date.
 */
export function toProductJsonLd(
  product: Product,
  origin: string,
  rates: ExchangeRate[],
  homeName: string,
  productsName: string,
  { shipping, returns }: OfferFacts = { shipping: null, returns: null },
): Record<string, unknown>[] {
  const url = `${origin}/produto/${product.slug}`;
  const currency = isCurrencyId(product.moeda.id) ? product.moeda.id : 2;
  const inStock = product.tem_estoque && product.qtde_disponivel > 0;
  const productLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.nome,
    sku: product.codigo,
    mpn: product.codigo,
    url,
    image: product.imagens.map((image) => new URL(image.url, origin).toString()),
    description: product.descritivo || product.nome,
    brand: { '@type': 'Brand', name: product.marca.nome },
    category: product.categoria.name,
    offers: {
      '@type': 'Offer',
      url,
      // A price-on-request product keeps its price off the page, structured data included.
      ...(product.mostrar_preco
        ? {
            price: getStructuredDataPriceText(toMinor(product.valor_venda, currency), currency, rates),
            priceCurrency: getStructuredDataCurrency(currency),
          }
        : {}),
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      ...(shipping ? { shippingDetails: toShippingDetails(shipping) } : {}),
      ...(returns ? { hasMerchantReturnPolicy: toReturnPolicy(returns) } : {}),
    },
  };
  const crumbs = [
    { name: homeName, path: '/' },
    { name: productsName, path: '/produtos' },
    { name: product.categoria.name, path: `/produtos/${product.categoria.slug}` },
    ...(product.departamento
      ? [{ name: product.departamento.name, path: `/produtos/${product.categoria.slug}/${product.departamento.slug}` }]
      : []),
    { name: product.nome, path: `/produto/${product.slug}` },
  ];
  return [productLd, toBreadcrumbJsonLd(origin, crumbs)];
}

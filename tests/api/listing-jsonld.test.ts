import { describe, expect, it } from 'vitest';
import { api, getTestDb, getRunStack } from '../support/api.ts';
import { getJsonLd } from '../support/html-head.ts';

const origin = (host: 'br' | 'es') => `http://${host}.localhost:${getRunStack().port}`;

// Issue 19 point 4: listings carry a BreadcrumbList as product pages do.
describe.each(['br', 'es'] as const)('listing structured data on %s', (host) => {
  it('a department listing and a brand page describe their trail', async () => {
    const { rows } = await getTestDb().query<{ cat: string; cat_name: string; dep: string; dep_name: string }>(
      `SELECT c.slug AS cat, ${host === 'br' ? 'c.name_pt' : 'c.name_es'} AS cat_name, d.slug AS dep, ${host === 'br' ? 'd.name_pt' : 'd.name_es'} AS dep_name
         FROM departments d JOIN categories c ON c.id = d.category_id
        WHERE EXISTS (SELECT 1 FROM products p WHERE p.department_id = d.id) ORDER BY c.id, d.id LIMIT 1`,
    );
    const { cat, cat_name: catName, dep, dep_name: depName } = rows[0]!;
    const html = await (await api(`/produtos/${cat}/${dep}`, { host })).text();
    const crumbs = getJsonLd(html).find((block) => block['@type'] === 'BreadcrumbList') as {
      itemListElement: Array<{ position: number; name: string; item: string }>;
    };
    expect(crumbs.itemListElement.map((item) => item.item)).toEqual(
      ['/', '/produtos', `/produtos/${cat}`, `/produtos/${cat}/${dep}`].map((path) => origin(host) + path),
    );
    expect(crumbs.itemListElement.slice(2).map((item) => item.name)).toEqual([catName, depName]);
    expect(crumbs.itemListElement.map((item) => item.position)).toEqual([1, 2, 3, 4]);

    const brand = (await getTestDb().query<{ slug: string; name: string }>('SELECT slug, name FROM brands ORDER BY position, id LIMIT 1'))
      .rows[0]!;
    const brandHtml = await (await api(`/marca/${brand.slug}`, { host })).text();
    const brandCrumbs = getJsonLd(brandHtml).find((block) => block['@type'] === 'BreadcrumbList') as {
      itemListElement: Array<{ name: string; item: string }>;
    };
    expect(brandCrumbs.itemListElement.map((item) => item.item)).toEqual(
      ['/', '/marcas', `/marca/${brand.slug}`].map((path) => origin(host) + path),
    );
    expect(brandCrumbs.itemListElement.at(-1)!.name).toBe(brand.name);
  });
});

// Issue 19 point 4: product offers say how the shop ships, from its own rate table.
describe('product offer shipping and return details', () => {
  it.each(['es', 'br'] as const)('%s: from the rate table (Paraguay) or none (Brazilian storefront, store pickup only)', async (host) => {
    const product = (await getTestDb().query<{ slug: string }>('SELECT slug FROM products ORDER BY id LIMIT 1')).rows[0]!;
    const html = await (await api(`/produto/${product.slug}`, { host })).text();
    const offer = (
      getJsonLd(html).find((block) => block['@type'] === 'Product') as {
        offers: { shippingDetails: unknown; hasMerchantReturnPolicy: unknown; priceValidUntil?: string };
      }
    ).offers;
    // Returns from the shop's settings (RETURN_POLICY_DAYS, 7 by default), made at the store; prices carry no end date.
    expect(offer.hasMerchantReturnPolicy).toEqual({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: host === 'br' ? 'BR' : 'PY',
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: 7,
      returnMethod: 'https://schema.org/ReturnInStore',
      returnFees: 'https://schema.org/FreeReturn',
    });
    expect(offer.priceValidUntil).toBeUndefined();
    if (host === 'br') {
      expect(offer.shippingDetails).toEqual({
        '@type': 'OfferShippingDetails',
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'BR' },
        doesNotShip: true,
      });
      return;
    }
    const { rows } = await getTestDb().query<{ price: string; min: number; max: number }>(
      `SELECT min(r.price_minor) AS price, min(r.days)::int AS min, max(r.days)::int AS max
         FROM delivery_rates r JOIN delivery_services s ON s.id = r.service_id WHERE s.active AND s.kind = 'delivery' AND r.currency_id = 3`,
    );
    expect(offer.shippingDetails).toMatchObject({
      shippingDestination: { addressCountry: 'PY' },
      shippingRate: { value: Number(rows[0]!.price), currency: 'PYG' },
      deliveryTime: { transitTime: { minValue: rows[0]!.min, maxValue: rows[0]!.max, unitCode: 'DAY' } },
    });
  });
});

// Issue 35 point 8: a price-on-request product publishes no price, in its page or its structured data.
describe('price-on-request product structured data', () => {
  it.each(['br', 'es'] as const)('%s: the Offer carries no price and no currency', async (host) => {
    const product = (
      await getTestDb().query<{ slug: string; price_minor: string }>(
        'SELECT slug, price_minor FROM products WHERE NOT show_price AND active ORDER BY id LIMIT 1',
      )
    ).rows[0]!;
    const html = await (await api(`/produto/${product.slug}`, { host })).text();
    const productLd = getJsonLd(html).find((block) => block['@type'] === 'Product') as { offers: Record<string, unknown> };
    expect(productLd.offers).not.toHaveProperty('price');
    expect(productLd.offers).not.toHaveProperty('priceCurrency');
    expect(productLd.offers.availability).toMatch(/^https:\/\/schema\.org\//);
  });
});

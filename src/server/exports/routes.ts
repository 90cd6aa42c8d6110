// The price-list export (/exportar?formato=txt|pdf&de=<listing>), framework-free (decision
// 0720). The listing lookups are passed in by the page: they live with the catalogue
// components, which server code may not import.
import { ExportQuerySchema } from '#lib/contract/exports.ts';
import type { ProductCard } from '#lib/contract/catalog.ts';
import { catalogMessages } from '#lib/i18n/catalog.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { toApiLang, type Locale } from '#lib/locale.ts';
import type { ApiCall } from '../http/api-call.ts';
import { rawResult, readQuery, type ApiResult } from '../http/responses.ts';
import { toPriceListPdf, toPriceListTxt, type PriceListItem } from './service.ts';

interface ListingLookups<Scope> {
  resolveScope(href: string, lang: 'pt' | 'es'): Promise<Scope | null>;
  listInStock(locale: Locale, scope: Scope): Promise<ProductCard[]>;
}

function toMessagePage(message: string, lang: string, status: number): ApiResult {
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${message}</title></head><body><main><p data-export-message role="alert">${message}</p><p><a href="/produtos">&larr;</a></p></main></body></html>`;
  return rawResult(status, html, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
}

/** TXT and PDF price lists of a listing: all its in-stock products, sorted by name. */
export function createPriceListRoute<Scope>(lookups: ListingLookups<Scope>) {
  return async ({ url, locals }: ApiCall): Promise<ApiResult> => {
    const { locale } = locals;
    const parsed = readQuery(url.searchParams, ExportQuerySchema, locale);
    if (!parsed.ok) return parsed.result;
    const query = parsed.data;
    const t = createTranslator(catalogMessages, locale);
    const scope = await lookups.resolveScope(query.de, toApiLang(locale));
    if (!scope) return toMessagePage(t('noProductsToShow'), locale, 404);
    const products = await lookups.listInStock(locale, scope);
    if (products.length === 0) return toMessagePage(t('noProductsToExport'), locale, 404);
    const items: PriceListItem[] = products.map((p) => ({
      code: p.codigo,
      name: p.nome,
      price: p.mostrar_preco ? p.preco_atual.formatado : null,
    }));
    const title = t('priceListTitle');
    const date = new Date().toISOString().slice(0, 10);
    const filename = `${title.toLowerCase().replace(/\s+/g, '-')}-${date}`;
    if (query.formato === 'txt') {
      return rawResult(200, toPriceListTxt(items, title), {
        'content-type': 'text/plain; charset=utf-8',
        'content-disposition': `attachment; filename="${filename}.txt"`,
        'cache-control': 'no-store',
      });
    }
    const pdf = await toPriceListPdf(items, {
      title,
      subtitle: t('priceListGenerated', { date }),
      code: t('code'),
      name: t('name'),
      price: t('price'),
    });
    return rawResult(200, new Uint8Array(pdf), {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${filename}.pdf"`,
      'content-length': String(pdf.length),
      'cache-control': 'no-store',
    });
  };
}

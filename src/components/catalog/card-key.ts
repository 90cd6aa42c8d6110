import type { AstroGlobal } from 'astro';
import type { CardProduct } from './card-product.ts';

export interface CardOptions {
  variant: 'grid' | 'mobile';
  eager: boolean;
  priority: boolean;
  headingLevel: 2 | 3 | 4;
}

/**
 * Everything a product card's markup is made from (ProductCardMarkup.astro): the fields it shows,
 * how it is shown, and what it reads from the request (locale, currency, origin, signed-in). Its
 * kept HTML (render-once.ts) is found by this key, so any change of these renders it again.
 */
export function getCardKey(astro: AstroGlobal, product: CardProduct, options: CardOptions): string {
  const { locale, currencyId, customer } = astro.locals;
  return JSON.stringify([
    'card',
    locale,
    currencyId,
    astro.url.origin,
    customer ? 1 : 0,
    options.variant,
    options.eager,
    options.priority,
    options.headingLevel,
    product.id,
    product.slug,
    product.nome,
    product.codigo,
    product.preco_atual.valor_venda,
    product.preco_atual.moeda_id,
    product.imagens[0]?.url,
    product.qtde_disponivel,
    product.tem_estoque,
    product.mostrar_preco,
  ]);
}

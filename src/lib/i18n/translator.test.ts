import { describe, expect, it } from 'vitest';
import { cartMessages } from './cart.ts';
import { catalogMessages } from './catalog.ts';
import { checkoutMessages } from './checkout.ts';
import { shippingMessages } from './shipping.ts';
import { createTranslator, defineMessages, getPluralCategory } from './translator.ts';

describe('createTranslator', () => {
  it('uses the singular form for one and the plural otherwise, in both languages', () => {
    const pt = createTranslator(shippingMessages, 'pt-BR');
    const es = createTranslator(shippingMessages, 'es-PY');
    expect(pt('days', { n: 1 })).toBe('1 dia útil');
    expect(pt('days', { n: 3 })).toBe('3 dias úteis');
    expect(es('days', { n: 1 })).toBe('1 día hábil');
    expect(es('days', { n: 0 })).toBe('0 días hábiles');
    expect(createTranslator(checkoutMessages, 'es-AR')('deliveryDays', { n: 1 })).toBe('1 día');
    expect(createTranslator(checkoutMessages, 'pt-BR')('deliveryDays', { n: 2 })).toBe('2 dias');
  });

  it("picks every count's form by Intl.PluralRules of the locale (issue 19)", () => {
    const cartPt = createTranslator(cartMessages, 'pt-BR');
    const cartEs = createTranslator(cartMessages, 'es-PY');
    expect(cartPt('cartCount', { count: 1 })).toBe('1 item no carrinho');
    expect(cartPt('cartCount', { count: 2 })).toBe('2 itens no carrinho');
    expect(cartEs('cartCount', { count: 1 })).toBe('1 artículo en el carrito');
    expect(cartEs('cartCount', { count: 0 })).toBe('0 artículos en el carrito');
    expect(cartPt('stockMax', { n: 1 })).toBe('Estoque máximo: 1 unidade');
    expect(cartEs('stockMax', { n: 1 })).toBe('Stock máximo: 1 unidad');
    expect(createTranslator(cartMessages, 'es-AR')('stockMax', { n: 5 })).toBe('Stock máximo: 5 unidades');
    expect(createTranslator(catalogMessages, 'pt-BR')('resultCount', { count: 1 })).toBe('1 produto encontrado');
    expect(createTranslator(catalogMessages, 'es-PY')('inStockCount', { count: 1 })).toBe('En stock: 1 unidad');
    expect(createTranslator(catalogMessages, 'es-PY')('inStockCount', { count: 1000 })).toBe('En stock: 1000 unidades');
    expect(createTranslator(checkoutMessages, 'es-PY')('installmentOption', { n: 1, amount: 'G$ 10' })).toBe('1 cuota de G$ 10');
    expect([getPluralCategory('pt-BR', 1), getPluralCategory('es-PY', 1), getPluralCategory('es-PY', 2)]).toEqual(['one', 'one', 'other']);
  });

  it('falls back to pt-BR for a key a locale lacks and shows unknown placeholders', () => {
    const messages = defineMessages<'hello'>({ 'pt-BR': { hello: 'Olá {name} {other}' }, 'es-PY': {} as { hello: string } });
    expect(createTranslator(messages, 'es-PY')('hello', { name: 'Ana' })).toBe('Olá Ana {other}');
  });
});

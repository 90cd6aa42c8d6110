import { describe, expect, it } from 'vitest';
import { checkoutMessages } from './checkout.ts';
import { shippingMessages } from './shipping.ts';
import { createTranslator, defineMessages } from './translator.ts';

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

  it('falls back to pt-BR for a key a locale lacks and shows unknown placeholders', () => {
    const messages = defineMessages<'hello'>({ 'pt-BR': { hello: 'Olá {name} {other}' }, 'es-PY': {} as { hello: string } });
    expect(createTranslator(messages, 'es-PY')('hello', { name: 'Ana' })).toBe('Olá Ana {other}');
  });
});

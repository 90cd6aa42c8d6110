import { describe, expect, it } from 'vitest';
import type { CurrencyId, Locale } from './locale.ts';
import {
  convertThroughUsd,
  toShareOf,
  convertMinor,
  convertWithUsdRates,
  formatAmount,
  formatInstallment,
  formatPrice,
  formatPriceValue,
  formatRate,
  formatShownPrice,
  getStructuredDataCurrency,
  getStructuredDataPrice,
  getStructuredDataPriceText,
  getUsdRates,
  parseAmount,
  scaleToMinor,
  type AmountFormat,
  type AmountProblem,
  toDecimalText,
  toMajor,
  toMinor,
  toVisitorPrices,
  getOtherCurrencyPrices,
  toChargedAmount,
  toRateProps,
  type RateLike,
} from './money.ts';

const rate = (target: number, tax: number, source = 2): RateLike => ({
  source_currency: { id: source },
  target_currency: { id: target },
  tax,
});
const RATES = [rate(1, 5.4), rate(2, 1), rate(3, 7300), rate(4, 1180)];

/**
 * Every price format of storefront spec section 9 (and accounts spec section 9 for orders): one
 * table, minor units in; the same amounts in major units through formatAmount, as the cart,
 * checkout, orders, e-mails and PDFs format the contract's numbers.
 */
const FORMATS: Array<[string, number, CurrencyId, string]> = [
  ['U$ two decimals', 8990, 2, 'U$ 89,90'],
  ['U$ thousands', 123456789, 2, 'U$ 1.234.567,89'],
  ['U$ cents only', 5, 2, 'U$ 0,05'],
  ['U$ zero keeps ,00', 0, 2, 'U$ 0,00'],
  ['U$ whole keeps ,00', 100, 2, 'U$ 1,00'],
  ['R$ thousands keeps ,00', 100000, 1, 'R$ 1.000,00'],
  ['R$ two decimals', 48546, 1, 'R$ 485,46'],
  ['G$ no decimals', 656270, 3, 'G$ 656.270'],
  ['G$ exactly a thousand', 1000, 3, 'G$ 1.000'],
  ['G$ below a thousand', 999, 3, 'G$ 999'],
  ['G$ millions', 1234567890, 3, 'G$ 1.234.567.890'],
  ['G$ zero', 0, 3, 'G$ 0'],
  ['P$ two decimals', 106082, 4, 'P$ 1.060,82'],
  ['P$ drops ,00', 106000, 4, 'P$ 1.060'],
  ['P$ zero drops ,00', 0, 4, 'P$ 0'],
  ['P$ keeps ,50', 50, 4, 'P$ 0,50'],
  ['U$ negative: minus before the symbol', -8990, 2, '-U$ 89,90'],
  ['R$ negative thousands', -123456, 1, '-R$ 1.234,56'],
  ['G$ negative', -656270, 3, '-G$ 656.270'],
  ['P$ negative drops ,00', -106000, 4, '-P$ 1.060'],
];

describe('formatPrice (spec section 9)', () => {
  it.each(FORMATS)('%s: %d minor units of %d -> %s', (_name, minor, id, expected) => {
    expect(formatPrice(minor, id)).toBe(expected);
  });
});

describe('formatAmount (contract numbers in major units)', () => {
  it.each(FORMATS)('%s', (_name, minor, id, expected) => {
    expect(formatAmount(minor / 10 ** (id === 3 ? 0 : 2), id)).toBe(expected);
  });
  it.each<[number, number, string]>([
    [0.1 + 0.2, 2, 'U$ 0,30'],
    [1.005, 2, 'U$ 1,01'],
    [-1.005, 2, '-U$ 1,01'],
    [656270.5, 3, 'G$ 656.271'],
    [656270.4, 3, 'G$ 656.270'],
    [1060.004, 4, 'P$ 1.060'],
    [89.9, 9, 'R$ 89,90'],
    [Number.NaN, 2, ''],
    [Infinity, 3, ''],
  ])('rounds and falls back: %d of %d -> %s', (major, id, expected) => {
    expect(formatAmount(major, id)).toBe(expected);
  });
});

describe('formatInstallment (card instalments, rounded up to cover the total)', () => {
  it.each<[number, number, number, string]>([
    [100, 1, 3, 'R$ 33,34'],
    [100.1, 1, 3, 'R$ 33,37'],
    [89.9, 1, 1, 'R$ 89,90'],
    [90, 1, 10, 'R$ 9,00'],
    [0.3, 2, 3, 'U$ 0,10'],
    [656271, 3, 2, 'G$ 328.136'],
    [1000, 4, 3, 'P$ 333,34'],
    [100, 9, 3, 'R$ 33,34'],
    [Number.NaN, 1, 3, ''],
    [100, 1, 0, ''],
  ])('%d of %d in %d -> %s', (major, id, count, expected) => {
    expect(formatInstallment(major, id, count)).toBe(expected);
  });
});

describe('formatRate (the panel shows a rate as it is typed)', () => {
  it.each<[number, Locale, string]>([
    [5.4, 'pt-BR', '5,4'],
    [7300, 'es-PY', '7300'],
    [1180.123456789, 'es-AR', '1180,123457'],
    [Number.NaN, 'pt-BR', ''],
  ])('%d in %s -> %s', (rate, locale, expected) => {
    expect(formatRate(rate, locale)).toBe(expected);
  });
});

describe('formatPriceValue and formatShownPrice', () => {
  it('formats numbers and numeric strings in major units', () => {
    expect(formatPriceValue(89.9, 2, 'pt-BR')).toBe('U$ 89,90');
    expect(formatPriceValue('656270', 3, 'es-PY')).toBe('G$ 656.270');
    expect(formatPriceValue(0.1 + 0.2, 2, 'pt-BR')).toBe('U$ 0,30');
  });
  it.each([['abc'], [''], [null], [undefined], [Number.NaN], [Infinity], [{}]])('%s is an invalid price', (value) => {
    expect(formatPriceValue(value, 2, 'pt-BR')).toBe('Preço inválido');
    expect(formatPriceValue(value, 3, 'es-AR')).toBe('Precio inválido');
  });
  it.each<[unknown, CurrencyId, boolean, Locale, string]>([
    [89.9, 2, false, 'pt-BR', 'Preço sob consulta'],
    [656270, 3, false, 'es-PY', 'Precio a consultar'],
    [Number.NaN, 3, false, 'es-AR', 'Precio a consultar'],
    [1060, 4, true, 'es-AR', 'P$ 1.060'],
    [Number.NaN, 2, true, 'pt-BR', 'Preço inválido'],
  ])('%s of %d shown=%s in %s -> %s', (value, id, shown, locale, expected) => {
    expect(formatShownPrice(value, id, shown, locale)).toBe(expected);
  });
});

describe('toVisitorPrices (decision 1220: one primary currency per visitor)', () => {
  const rates: RateLike[] = [1, 3, 4].map((id, index) => ({
    source_currency: { id: 2 },
    target_currency: { id },
    tax: [5.4, 7300, 1180][index]!,
  }));
  it('leads with G$ on es-PY, U$ on pt-BR and es-AR, the others after in their order', () => {
    expect(toVisitorPrices(8990, 2, 'es-PY', rates).map((price) => price.id)).toEqual([3, 2, 1, 4]);
    expect(toVisitorPrices(8990, 2, 'pt-BR', rates).map((price) => price.id)).toEqual([2, 1, 3, 4]);
    expect(toVisitorPrices(8990, 2, 'es-AR', rates).map((price) => price.id)).toEqual([2, 4, 1, 3]);
    expect(toVisitorPrices(8990, 2, 'es-PY', rates)[0]).toEqual({ id: 3, minor: 656270 });
  });
  it('leaves out a currency without a rate, and leads with the price own one when the primary has none', () => {
    const noGuarani = rates.filter((rate) => rate.target_currency.id !== 3);
    expect(toVisitorPrices(8990, 2, 'es-PY', noGuarani)).toEqual([
      { id: 2, minor: 8990 },
      { id: 1, minor: 48546 },
      { id: 4, minor: 10608200 },
    ]);
  });
});

describe('getOtherCurrencyPrices (cart and checkout totals, decision 1220)', () => {
  const rates: RateLike[] = [1, 3, 4].map((id, index) => ({
    source_currency: { id: 2 },
    target_currency: { id },
    tax: [5.4, 7300, 1180][index]!,
  }));
  const line = (valor_unitario: number, qtde = 1) => ({ valor_unitario, qtde });
  it('formats the visitor other currencies in their order, leaving out the amount own one', () => {
    expect(getOtherCurrencyPrices([line(89.9)], 2, 'pt-BR', rates).map((price) => price.text)).toEqual([
      'R$ 485,46',
      'G$ 656.270',
      'P$ 106.082',
    ]);
    expect(getOtherCurrencyPrices([line(656270)], 3, 'es-PY', rates).map((price) => price.id)).toEqual([2, 1, 4]);
    expect(getOtherCurrencyPrices([line(656270)], 3, 'es-PY', rates)[0]?.text).toBe('U$ 89,90');
  });
  it('gives each currency as its gateway charges it: each unit converted once, then summed', () => {
    // U$ 33,33 x 3 = U$ 99,99. The whole total converts to R$ 539,946 -> R$ 539,95; Mercado Pago
    // is sent three lines of R$ 179,98 (179,982 rounded) = R$ 539,94, and that is what is shown.
    const lines = [line(33.33, 3)];
    expect(toChargedAmount(lines, 2, 1, rates)).toBe(53_994);
    expect(convertMinor(9_999, 2, 1, rates)).toBe(53_995);
    expect(getOtherCurrencyPrices(lines, 2, 'pt-BR', rates)[0]).toEqual({ id: 1, text: 'R$ 539,94' });
    // A delivery is one more line: subtotal and delivery add up to the total in every currency.
    expect(toChargedAmount([...lines, line(10)], 2, 1, rates)).toBe(53_994 + 5_400);
  });
  it('leaves out a currency without a rate', () => {
    expect(getOtherCurrencyPrices([line(10)], 2, 'pt-BR', rates.slice(1)).map((price) => price.id)).toEqual([3, 4]);
    expect(toChargedAmount([line(10)], 2, 1, [])).toBeNull();
  });
  it('shows nothing for an amount that is not a number or a currency it does not know', () => {
    expect(getOtherCurrencyPrices([line(Number.NaN)], 2, 'pt-BR', rates)).toEqual([]);
    expect(getOtherCurrencyPrices([line(10)], 9, 'pt-BR', rates)).toEqual([]);
  });
  it('keeps only the USD rates, as plain numbers, for an island prop', () => {
    const extra = { source_currency: { id: 1 }, target_currency: { id: 3 }, tax: 1350, name: 'x' };
    expect(toRateProps([...rates, extra])).toEqual(rates);
  });
});

describe('convertMinor', () => {
  it.each<[number, CurrencyId, CurrencyId, number]>([
    [8990, 2, 2, 8990],
    [8990, 2, 1, 48546], // 89.90 * 5.4 = 485.46
    [8990, 2, 3, 656270], // 89.90 * 7300
    [8990, 2, 4, 10608200], // 89.90 * 1180 = 106082.00
    [48546, 1, 2, 8990],
    [656270, 3, 1, 48546],
    [730000, 3, 2, 10000],
    [1, 2, 3, 73],
  ])('%d of %d -> %d of %d', (minor, from, to, expected) => {
    expect(convertMinor(minor, from, to, RATES)).toBe(expected);
  });

  it('gives null when a rate is missing', () => {
    const noArs = RATES.filter((r) => r.target_currency.id !== 4);
    expect(convertMinor(8990, 2, 4, noArs)).toBeNull();
    expect(convertMinor(8990, 4, 2, noArs)).toBeNull();
    expect(convertMinor(8990, 2, 1, [])).toBeNull();
  });

  it('uses only rates whose source is USD', () => {
    const rates = [rate(1, 99, 3), rate(3, 7000)];
    expect(convertMinor(100, 2, 1, rates)).toBeNull();
    expect(getUsdRates(rates)).toEqual([rate(3, 7000)]);
  });
});

describe('structured data', () => {
  it('uses PYG for currency 3, otherwise USD', () => {
    expect(getStructuredDataCurrency(3)).toBe('PYG');
    expect(getStructuredDataCurrency(2)).toBe('USD');
    expect(getStructuredDataCurrency(1)).toBe('USD');
    expect(getStructuredDataCurrency(4)).toBe('USD');
    expect(getStructuredDataPrice(656270, 3, RATES)).toBe(656270);
    expect(getStructuredDataPrice(48546, 1, RATES)).toBe(89.9);
  });
});

describe('minor/major', () => {
  it('rounds float noise', () => {
    expect(toMinor(1.005, 2)).toBe(101);
    expect(toMinor(89.9, 2)).toBe(8990);
    expect(toMinor(656270.4, 3)).toBe(656270);
    expect(scaleToMinor(10.05, 2)).toBe(1005);
    expect(scaleToMinor(-1.005, 2)).toBe(-101);
    expect(scaleToMinor(656270.5, 0)).toBe(656271);
    expect(toMajor(8990, 2)).toBe(89.9);
    expect(toMajor(29, 2)).toBe(0.29);
    expect(toMajor(656270, 0)).toBe(656270);
  });
});

describe('toDecimalText (form fields, CSV cells, spreadsheets)', () => {
  it.each<[number, number, string]>([
    [8990, 2, '89.90'],
    [29, 2, '0.29'],
    [5, 2, '0.05'],
    [0, 2, '0.00'],
    [100, 2, '1.00'],
    [-1250, 2, '-12.50'],
    [-5, 2, '-0.05'],
    [656_270, 0, '656270'],
    [-656_270, 0, '-656270'],
    [0, 0, '0'],
    [123_456_789_012_345, 2, '1234567890123.45'],
    [8990.4, 2, '89.90'],
  ])('%d minor units with %d decimals -> %s', (minor, decimals, expected) => {
    expect(toDecimalText(minor, decimals)).toBe(expected);
  });
});

describe('convertThroughUsd (the formula the server prices carts and orders with)', () => {
  it.each([
    [8990, 2, 1, 3, 7300, 656_270],
    [540, 1, 5.4, 3, 7300, 7300],
    [656_270, 3, 7300, 2, 1, 8990],
  ] as const)('%i minor of %i (rate %d) -> currency %i (rate %d) = %i', (minor, from, fromRate, to, toRate, expected) => {
    expect(convertThroughUsd(minor, from, fromRate, to, toRate)).toBe(expected);
  });
});

describe('convertWithUsdRates (the server price table)', () => {
  const table = new Map([
    [1, 5.4],
    [2, 1],
    [3, 7300],
  ]);
  it.each<[number, number, number, number | null]>([
    [8990, 2, 2, 8990],
    [8990, 2, 3, 656_270],
    [656_270, 3, 1, 48_546],
    [8990, 2, 4, null], // no ARS rate: refused, never 0
    [8990, 9, 2, null], // unknown currency
  ])('%d of %d -> %d: %s', (minor, from, to, expected) => {
    expect(convertWithUsdRates(minor, from, to, table)).toBe(expected);
  });
  it('refuses a zero or broken rate', () => {
    expect(
      convertWithUsdRates(
        100,
        2,
        1,
        new Map([
          [1, 0],
          [2, 1],
        ]),
      ),
    ).toBeNull();
    expect(
      convertWithUsdRates(
        100,
        2,
        1,
        new Map([
          [1, Number.NaN],
          [2, 1],
        ]),
      ),
    ).toBeNull();
  });
});

/**
 * parseAmount: each caller's format. 'locale' is what the panel's forms read (es-PY/pt-BR typing
 * and the decimal-comma text the fields show), 'either' the import files, 'plain' the gateways.
 */
describe('parseAmount (every typed or received amount)', () => {
  it.each<[AmountFormat, string | number, number, number | AmountProblem]>([
    // the panel: ',' decimal, '.' thousands, a '.' that cannot group is a decimal point
    ['locale', '1.234,50', 2, 123_450],
    ['locale', '1234,5', 2, 123_450],
    ['locale', '89,90', 2, 8990],
    ['locale', '89.90', 2, 8990],
    ['locale', '89.9', 2, 8990],
    ['locale', '1.234.567', 0, 1_234_567],
    ['locale', '12.345', 0, 12_345],
    ['locale', '150000', 0, 150_000],
    ['locale', '1.500', 2, 'ambiguous'],
    ['locale', '7.300', 6, 'ambiguous'],
    ['locale', '1,500', 2, 150],
    ['locale', '5,125', 6, 5_125_000],
    ['locale', '1180.125', 6, 1_180_125_000],
    ['locale', '0.500', 2, 50],
    ['locale', '1,234.56', 2, 'invalid'],
    ['locale', '1,5', 0, 'decimals'],
    ['locale', '12,345', 2, 'decimals'],
    ['locale', ' 1 500 ', 0, 1500],
    // import files: either mark, as files come from anywhere (decision 0800's tests keep theirs)
    ['either', '1.234,56', 2, 123_456],
    ['either', '1,234.56', 2, 123_456],
    ['either', '1234.56', 2, 123_456],
    ['either', '650.000', 0, 650_000],
    ['either', '650,000', 0, 650_000],
    ['either', '1.500', 2, 'ambiguous'],
    ['either', '1,500', 2, 'ambiguous'],
    ['either', '10.505', 2, 'decimals'],
    ['either', '1.2.3,4,5', 2, 'invalid'],
    ['either', 89.9, 2, 8990],
    ['either', 19.99, 2, 1999],
    ['either', 0.1 + 0.2, 2, 30],
    ['either', 1.005, 2, 'decimals'],
    // gateways: JSON numbers or their plain text, never grouping
    ['plain', 100_000, 0, 100_000],
    ['plain', '100000.00', 0, 100_000],
    ['plain', 89.9, 2, 8990],
    ['plain', '89.90', 2, 8990],
    ['plain', '1.500,00', 2, 'invalid'],
    ['plain', '89,90', 2, 'invalid'],
    ['plain', Number.NaN, 2, 'invalid'],
    ['plain', 1e21, 2, 'invalid'],
    // refusals every format shares
    ['locale', '', 2, 'required'],
    ['either', '   ', 2, 'required'],
    ['locale', '-3', 2, 'negative'],
    ['plain', -3, 2, 'negative'],
    ['locale', 'doze', 2, 'invalid'],
    ['locale', '5.', 2, 'invalid'],
    ['either', ',5', 2, 'invalid'],
    ['locale', '1.23.456', 0, 'invalid'],
    ['either', '99999999999999999', 2, 'too_large'],
  ])('%s %j with %d decimals -> %j', (format, value, decimals, expected) => {
    expect(parseAmount(value, { decimals, format })).toBe(expected);
  });
});

/** Product pages' JSON-LD offer price: a product's valor_venda (major units, a float) as schema.org text. */
describe('getStructuredDataPriceText (JSON-LD offers)', () => {
  it.each<[string, number, CurrencyId, string]>([
    ['PYG keeps its own, no decimals', 656270, 3, '656270'],
    ['PYG millions', 12_345_678, 3, '12345678'],
    ['USD two decimals', 89.9, 2, '89.90'],
    ['USD whole keeps .00', 100, 2, '100.00'],
    ['USD a float 19.99', 19.99, 2, '19.99'],
    ['USD 0.1 + 0.2', 0.1 + 0.2, 2, '0.30'],
    ['USD 1.005 rounds half up', 1.005, 2, '1.01'],
    ['BRL goes out in USD', 485.46, 1, '89.90'],
    ['BRL a float 19.99', 19.99, 1, '3.70'],
    ['ARS goes out in USD', 1060.82, 4, '0.90'],
    ['ARS 0.1 + 0.2 thousands', (0.1 + 0.2) * 10_000, 4, '2.54'],
  ])('%s: %d of %d -> %s', (_name, major, id, expected) => {
    expect(getStructuredDataPriceText(toMinor(major, id), id, RATES)).toBe(expected);
  });
  it('a missing rate publishes 0, as the spec converts', () => {
    expect(getStructuredDataPriceText(8990, 1, [])).toBe('0.00');
  });
});

describe('toShareOf', () => {
  it('is the same share of the other amount, rounded to its minor unit', () => {
    expect(toShareOf(1_000, 4_000, 20_000)).toBe(5_000);
    expect(toShareOf(1, 3, 100)).toBe(33);
    expect(toShareOf(3, 3, 100)).toBe(100);
    expect(toShareOf(250, 1_000, 1_000)).toBe(250);
  });
});

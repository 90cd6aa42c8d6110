import { moneyMessages } from './i18n/money.ts';
import { createTranslator } from './i18n/translator.ts';
import { CURRENCY, getPrimaryCurrency, getSecondaryCurrencyOrder, type CurrencyId, type Locale } from './locale.ts';

/**
 * Money: integer minor units plus a currency id. Every price format and conversion rule of
 * storefront spec section 9 lives here and nowhere else.
 */

/** Symbol and minor-unit decimals of each currency id (DECISIONS.md: 1 R$, 2 U$, 3 G$, 4 P$). */
export const CURRENCIES: Record<CurrencyId, { symbol: string; decimals: number }> = {
  1: { symbol: 'R$', decimals: 2 },
  2: { symbol: 'U$', decimals: 2 },
  3: { symbol: 'G$', decimals: 0 },
  4: { symbol: 'P$', decimals: 2 },
};

/** The currencies priced through a USD rate an admin sets (USD itself is 1): R$, G$, P$. */
export const RATED_CURRENCIES = [CURRENCY.BRL, CURRENCY.PYG, CURRENCY.ARS] as const;

export function isCurrencyId(value: unknown): value is CurrencyId {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

/** Minor units to the major-unit number the contract carries (89.9 USD, 656270 PYG); `decimals` of the currency. */
export function toMajor(minor: number, decimals: number): number {
  return Number((minor / 10 ** decimals).toFixed(decimals));
}

/**
 * Minor units as the plain number text of a form field, a CSV cell or a spreadsheet: major units
 * with a point and exactly `decimals` digits, no grouping, no symbol ('89.90', G$ '656270',
 * '-12.50'). Integer arithmetic: no float rounding at any size.
 */
export function toDecimalText(minor: number, decimals: number): string {
  const rounded = Math.round(minor);
  const sign = rounded < 0 ? '-' : '';
  const digits = String(Math.abs(rounded)).padStart(decimals + 1, '0');
  return decimals === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** Major to minor units of a currency with `decimals`, rounded half away from zero (float noise removed first). */
export function scaleToMinor(major: number, decimals: number): number {
  const scaled = Number((major * 10 ** decimals).toFixed(6));
  return Math.sign(scaled) * Math.round(Math.abs(scaled));
}

/** Why an amount was refused; each caller words it in its reader's language. */
export type AmountProblem = 'required' | 'invalid' | 'negative' | 'decimals' | 'ambiguous' | 'too_large';

/**
 * How the caller's amounts are written (decision 0730):
 * - 'locale': typed by people here (the panel): ',' is the decimal mark, '.' groups thousands
 *   ('1.234,56'); a '.' that cannot be grouping is a decimal point ('1234.56', '89.9').
 * - 'either': files from anywhere (imports): both marks present, the last is decimal; one mark
 *   repeated groups; one mark once is decimal.
 * - 'plain': machines (gateways, JSON numbers): digits and an optional '.' decimal point.
 */
export type AmountFormat = 'locale' | 'either' | 'plain';

/** Amounts beyond this many minor units are refused: far above any price, still exact in a double. */
const MAX_MINOR = 1e15;

/**
 * The one reader of typed or received amounts: major units (text or a number) to minor units of
 * a currency (or field) with `decimals` digits. Never rounds: more decimals than allowed is
 * 'decimals'. A lone mark after 1 to 3 digits and before exactly three ('1.500') groups when
 * `decimals` is 0 and is 'ambiguous' otherwise (1.50 or 1500?), so nothing is read x1000.
 */
export function parseAmount(
  value: string | number,
  { decimals, format }: { decimals: number; format: AmountFormat },
): number | AmountProblem {
  const raw = typeof value === 'number' ? toPlainText(value, decimals) : value.replace(/\s/g, '');
  if (raw === '') return 'required';
  if (!/^-?[\d.,]*\d[\d.,]*$/.test(raw)) return 'invalid';
  if (raw.startsWith('-')) return 'negative';
  const mark = typeof value === 'number' ? '.' : findDecimalMark(raw, decimals, format);
  if (mark === 'invalid' || mark === 'decimals' || mark === 'ambiguous') return mark;
  const [whole = '', fraction, ...rest] = mark ? raw.split(mark) : [raw];
  if (rest.length > 0 || (fraction !== undefined && !/^\d+$/.test(fraction))) return 'invalid';
  // Grouping marks stand between groups of three digits ('1.234.567'), never in the fraction.
  const groups = whole.split(/[.,]/);
  if (groups.some((group, index) => !/^\d+$/.test(group) || (index > 0 && group.length !== 3))) return 'invalid';
  const significant = (fraction ?? '').replace(/0+$/, '');
  if (significant.length > decimals) return 'decimals';
  const minor = Number(groups.join('')) * 10 ** decimals + Number(significant.padEnd(decimals, '0') || 0);
  return Number.isSafeInteger(minor) && minor <= MAX_MINOR ? minor : 'too_large';
}

/** A number as plain text with enough digits to tell its decimals ('89.9', '1500'); 'x' (invalid) when not finite. */
function toPlainText(value: number, decimals: number): string {
  if (!Number.isFinite(value)) return 'x';
  const text = value.toFixed(Math.max(decimals, 6));
  return text.includes('e') ? text : text.replace(/\.?0+$/, '') || '0';
}

/** Which mark is the decimal one in `raw` (null: none, every mark groups), or why it cannot be told. */
function findDecimalMark(raw: string, decimals: number, format: AmountFormat): '.' | ',' | null | 'invalid' | 'decimals' | 'ambiguous' {
  const dots = raw.split('.').length - 1;
  const commas = raw.split(',').length - 1;
  if (format === 'plain') return commas > 0 || dots > 1 ? 'invalid' : dots === 1 ? '.' : null;
  if (dots > 0 && commas > 0) return format === 'locale' || raw.lastIndexOf(',') > raw.lastIndexOf('.') ? ',' : '.';
  if (format === 'locale' && commas > 0) return ',';
  const only = dots > 0 ? '.' : commas > 0 ? ',' : null;
  if (only === null || dots + commas > 1) return null;
  if (!/^[1-9]\d{0,2}[.,]\d{3}$/.test(raw)) return only;
  if (decimals === 0) return null;
  return raw.slice(-3).replace(/0+$/, '').length > decimals ? 'decimals' : 'ambiguous';
}

/** Major to minor units of currency `id` (scaleToMinor with its decimals). */
export function toMinor(major: number, id: CurrencyId): number {
  return scaleToMinor(major, CURRENCIES[id].decimals);
}

/** '1234567' -> '1.234.567': the '.' thousands grouping every format here uses. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

function formatDigits(minor: number, decimals: number, dropZeroCents: boolean): string {
  const abs = Math.abs(Math.round(minor));
  const factor = 10 ** decimals;
  const whole = groupThousands(String(Math.floor(abs / factor)));
  if (decimals === 0) return whole;
  const cents = String(abs % factor).padStart(decimals, '0');
  return dropZeroCents && /^0+$/.test(cents) ? whole : `${whole},${cents}`;
}

/**
 * The price format (storefront spec section 9): G$ (3) without decimals and '.' thousands; P$ (4)
 * with 2 decimals but ',00' dropped; the others (R$, U$) with 2 decimals after a comma. A
 * negative amount puts the minus before the symbol ('-U$ 89,90'). `minor` is in `id`'s units.
 */
export function formatPrice(minor: number, id: CurrencyId): string {
  const { symbol, decimals } = CURRENCIES[id];
  const sign = Math.round(minor) < 0 ? '-' : '';
  return `${sign}${symbol} ${formatDigits(minor, decimals, id === CURRENCY.ARS)}`;
}

/**
 * Formats an amount the contract carries in MAJOR units (cart, shipping, order totals) of the
 * currency id it names. An id outside 1-4 is shown as R$, the default symbol of accounts spec
 * section 9; a non-finite amount gives ''.
 */
export function formatAmount(major: number, currencyId: number): string {
  if (!Number.isFinite(major)) return '';
  const id = isCurrencyId(currencyId) ? currencyId : CURRENCY.BRL;
  return formatPrice(toMinor(major, id), id);
}

/**
 * One of `count` equal card instalments of a contract amount in MAJOR units, rounded up to the
 * currency's minor unit so the instalments cover the total (R$ 100,00 in 3: 'R$ 33,34').
 */
export function formatInstallment(major: number, currencyId: number, count: number): string {
  if (!Number.isFinite(major) || !Number.isInteger(count) || count < 1) return '';
  const id = isCurrencyId(currencyId) ? currencyId : CURRENCY.BRL;
  return formatPrice(Math.ceil(toMinor(major, id) / count), id);
}

/**
 * Formats a price that arrives as an untrusted value in MAJOR units (an API field, a form):
 * anything not a finite number gives the 'Preço inválido' text of the locale.
 */
export function formatPriceValue(value: unknown, id: CurrencyId, locale: Locale): string {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    return createTranslator(moneyMessages, locale)('invalidPrice');
  }
  return formatPrice(toMinor(number, id), id);
}

/**
 * What a product shows where its price goes: 'Preço sob consulta' when the catalogue hides the
 * price (DECISIONS.md), 'Preço inválido' for a value that is not a number, else the price.
 */
export function formatShownPrice(value: unknown, id: CurrencyId, showPrice: boolean, locale: Locale): string {
  if (!showPrice) return createTranslator(moneyMessages, locale)('priceOnRequest');
  return formatPriceValue(value, id, locale);
}

/** An exchange rate as the API gives it: one unit of the source (USD) buys `tax` of the target. */
export interface RateLike {
  source_currency: { id: number };
  target_currency: { id: number };
  tax: number;
}

/** Only rates from currency 2 (USD) are used and shown. */
export function getUsdRates(rates: readonly RateLike[]): RateLike[] {
  return rates.filter((rate) => rate.source_currency.id === CURRENCY.USD);
}

function getUsdRate(rates: readonly RateLike[], id: CurrencyId): number | null {
  if (id === CURRENCY.USD) return 1;
  const rate = rates.find((r) => r.source_currency.id === CURRENCY.USD && r.target_currency.id === id);
  return rate && Number.isFinite(rate.tax) && rate.tax > 0 ? rate.tax : null;
}

/**
 * An exchange rate as people here write it ('5,4', '7300'): the locale's decimal mark, up to 6
 * decimals, no grouping, so a rate reads as it is typed in the panel's form.
 */
export function formatRate(rate: number, locale: Locale): string {
  return Number.isFinite(rate) ? new Intl.NumberFormat(locale, { maximumFractionDigits: 6, useGrouping: false }).format(rate) : '';
}

/**
 * Converts minor units of `from` into minor units of `to` through the USD rates: from -> USD
 * -> to. Null when a needed rate is missing: the price is not shown in that currency (issue 33:
 * a shopper never sees 0,00).
 */
export function convertMinor(minor: number, from: CurrencyId, to: CurrencyId, rates: readonly RateLike[]): number | null {
  if (from === to) return minor;
  const fromRate = getUsdRate(rates, from);
  const toRate = getUsdRate(rates, to);
  if (fromRate === null || toRate === null) return null;
  return convertThroughUsd(minor, from, fromRate, to, toRate);
}

/**
 * A price as the visitor reads it (decision 1220): first in the primary currency of their
 * language, then in the others in their order. A currency without a rate is left out; when the
 * primary one has none, the price's own currency leads instead.
 */
export function toVisitorPrices(
  minor: number,
  from: CurrencyId,
  locale: Locale,
  rates: readonly RateLike[],
): Array<{ id: CurrencyId; minor: number }> {
  const order = [getPrimaryCurrency(locale), ...getSecondaryCurrencyOrder(locale)];
  const shown = order.flatMap((id) => {
    const converted = convertMinor(minor, from, id, rates);
    return converted === null ? [] : [{ id, minor: converted }];
  });
  return shown[0]?.id === order[0] ? shown : [{ id: from, minor }, ...shown.filter((price) => price.id !== from)];
}

/**
 * A line of a cart or checkout amount, named as the cart's answer names it: a unit price in major
 * units of the amount's currency, and how many. A delivery is one more line of quantity 1.
 */
export interface AmountLine {
  valor_unitario: number;
  qtde: number;
}

/**
 * An amount made of lines in another currency as a gateway charges it (decision 1220): each unit
 * price converted once with these rates, then summed, by `toGatewayCharge`, so the R$ under a
 * Brazilian's total is the amount Mercado Pago is sent. Null when a rate is missing.
 */
export function toChargedAmount(lines: readonly AmountLine[], from: CurrencyId, to: CurrencyId, rates: readonly RateLike[]): number | null {
  const usdRates = new Map(getUsdRates(rates).map((rate) => [rate.target_currency.id, rate.tax]));
  usdRates.set(CURRENCY.USD, 1);
  const minorLines = lines.map((line) => ({ unitMinor: toMinor(line.valor_unitario, from), quantity: line.qtde }));
  return toGatewayCharge(minorLines, from, to, usdRates)?.amountMinor ?? null;
}

/**
 * The visitor's other currencies beside an amount already shown in its own currency (decision
 * 1220: cart and checkout totals, as under a product's price): each the amount a gateway in that
 * currency would charge for these lines (`toChargedAmount`), formatted, in the visitor's order,
 * the amount's own currency and any currency without a rate left out. Empty for an unknown
 * currency or a line that is not a number.
 */
export function getOtherCurrencyPrices(
  lines: readonly AmountLine[],
  from: number,
  locale: Locale,
  rates: readonly RateLike[],
): Array<{ id: CurrencyId; text: string }> {
  if (!isCurrencyId(from) || !lines.every((line) => Number.isFinite(line.valor_unitario) && Number.isFinite(line.qtde))) return [];
  return [getPrimaryCurrency(locale), ...getSecondaryCurrencyOrder(locale)]
    .filter((id) => id !== from)
    .flatMap((id) => {
      const minor = toChargedAmount(lines, from, id, rates);
      return minor === null ? [] : [{ id, text: formatPrice(minor, id) }];
    });
}

/** Only what an island needs of the rates (decision 1220): the USD rates, three numbers each. */
export function toRateProps(rates: readonly RateLike[]): RateLike[] {
  return getUsdRates(rates).map((rate) => ({
    source_currency: { id: rate.source_currency.id },
    target_currency: { id: rate.target_currency.id },
    tax: rate.tax,
  }));
}

/**
 * Converts through the server's table of USD rates (currency id -> units one USD buys, USD
 * itself 1). Null when a currency or its rate is unknown, so a sale is refused instead of
 * charged 0. The cart, checkout and shipping price with it.
 */
export function convertWithUsdRates(minor: number, from: number, to: number, usdRates: ReadonlyMap<number, number>): number | null {
  if (from === to) return minor;
  if (!isCurrencyId(from) || !isCurrencyId(to)) return null;
  const fromRate = usdRates.get(from);
  const toRate = usdRates.get(to);
  if (!isUsableRate(fromRate) || !isUsableRate(toRate)) return null;
  return convertThroughUsd(minor, from, fromRate, to, toRate);
}

/**
 * What a gateway charges (decision 1220): each line's unit price converted once into the
 * gateway's currency with today's rates, times its quantity, summed, so the total is exactly the
 * sum of the lines the gateway's page lists. Checkout builds the gateway's request with it and the
 * checkout page shows its total before the order is placed. Null when a rate is missing.
 */
export function toGatewayCharge(
  lines: ReadonlyArray<{ unitMinor: number; quantity: number }>,
  from: number,
  to: number,
  usdRates: ReadonlyMap<number, number>,
): { unitsMinor: number[]; amountMinor: number } | null {
  const unitsMinor: number[] = [];
  for (const line of lines) {
    const unit = convertWithUsdRates(line.unitMinor, from, to, usdRates);
    if (unit === null) return null;
    unitsMinor.push(unit);
  }
  return { unitsMinor, amountMinor: unitsMinor.reduce((sum, unit, index) => sum + unit * lines[index]!.quantity, 0) };
}

function isUsableRate(rate: number | undefined): rate is number {
  return rate !== undefined && Number.isFinite(rate) && rate > 0;
}

/**
 * The one conversion formula: minor units of `from` (one USD buys `fromRate` of it) into minor
 * units of `to`, rounded to the target's minor unit. The server's price table uses it too.
 */
export function convertThroughUsd(minor: number, from: CurrencyId, fromRate: number, to: CurrencyId, toRate: number): number {
  if (from === to) return minor;
  return toMinor((toMajor(minor, CURRENCIES[from].decimals) / fromRate) * toRate, to);
}

/**
 * The same share of another amount: `partMinor` of `wholeMinor` is what share of `otherWholeMinor`
 * (a partial refund of an order's total, in what the gateway charged for it), rounded to its minor unit.
 */
export function toShareOf(partMinor: number, wholeMinor: number, otherWholeMinor: number): number {
  if (partMinor === wholeMinor || wholeMinor === 0) return partMinor === wholeMinor ? otherWholeMinor : 0;
  return Math.round((otherWholeMinor * partMinor) / wholeMinor);
}

/** Currency code for structured data (schema.org offers): PYG for currency 3, otherwise USD. */
export function getStructuredDataCurrency(id: CurrencyId): 'PYG' | 'USD' {
  return id === CURRENCY.PYG ? 'PYG' : 'USD';
}

/** The amount to publish in structured data, in major units of getStructuredDataCurrency(id). */
export function getStructuredDataPrice(minor: number, id: CurrencyId, rates: readonly RateLike[]): number {
  const target = id === CURRENCY.PYG ? CURRENCY.PYG : CURRENCY.USD;
  return toMajor(convertMinor(minor, id, target, rates) ?? 0, CURRENCIES[target].decimals);
}

/**
 * The same amount as schema.org's `price` text: a point and the currency's decimals, computed on
 * integers ('89.90', '656270'), so no float ever prints as '19.990000000000002'.
 */
export function getStructuredDataPriceText(minor: number, id: CurrencyId, rates: readonly RateLike[]): string {
  const target = id === CURRENCY.PYG ? CURRENCY.PYG : CURRENCY.USD;
  return toDecimalText(convertMinor(minor, id, target, rates) ?? 0, CURRENCIES[target].decimals);
}

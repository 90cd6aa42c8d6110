import { createStoreDateFormat } from '#lib/dates.ts';
import { formatAmount, toMajor } from '#lib/money.ts';
import type { Locale } from '#lib/locale.ts';

/** Money of the desk: minor units in the order's currency, in the shop's price format. */
export function formatDeskMoney(minor: number, currencyId: number, decimals: number): string {
  return formatAmount(toMajor(minor, decimals), currencyId);
}

/** Dates as the store reads them (Asunción), in the panel's language. */
export function createDeskDateFormat(locale: Locale): (date: Date) => string {
  return createStoreDateFormat(locale);
}

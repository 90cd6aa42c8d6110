import { formatAmount, toMajor } from '#lib/money.ts';
import type { Locale } from '#lib/locale.ts';

/** Money of the desk: minor units in the order's currency, in the shop's price format. */
export function formatDeskMoney(minor: number, currencyId: number, decimals: number): string {
  return formatAmount(toMajor(minor, decimals), currencyId);
}

/** Dates as the store reads them (Asunción), in the panel's language. */
export function createDeskDateFormat(locale: Locale): (date: Date) => string {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Asuncion' });
  return (date) => format.format(date);
}

/** The frozen delivery address (checkout's jsonb) as lines a courier reads; empty parts left out. */
export function toAddressLines(address: Record<string, unknown> | null): string[] {
  if (!address) return [];
  const text = (key: string) => (typeof address[key] === 'string' || typeof address[key] === 'number' ? String(address[key]).trim() : '');
  const join = (parts: string[], separator: string) => parts.filter(Boolean).join(separator);
  return [
    join([join([text('logradouro'), text('numero')], ' '), text('complemento')], ', '),
    join([text('bairro'), join([text('cidade'), text('estado')], ', ')], ' — '),
    join([text('cep'), text('pais')], ' — '),
    text('como_chegar'),
  ].filter(Boolean);
}

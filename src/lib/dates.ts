/**
 * Every date a shopper or staff member reads, in one place: on the store's clock (Asunción: the
 * store is in Ciudad del Este), in the reader's language. Spanish readers get Paraguay's formats
 * (an es-AR visitor reads the store's dates as the store writes them), Portuguese ones Brazil's.
 */
export const STORE_TIME_ZONE = 'America/Asuncion';

export type StoreDateStyle = 'dateTime' | 'dateTimeSeconds' | 'day' | 'longDay';

const OPTIONS: Record<StoreDateStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: 'short', timeStyle: 'short' },
  dateTimeSeconds: { dateStyle: 'short', timeStyle: 'medium' },
  day: { dateStyle: 'short' },
  longDay: { dateStyle: 'long' },
};

/** The locale whose date formats a reader of `locale` gets: es-PY for any Spanish, pt-BR otherwise. */
function toDateLocale(locale: string): 'es-PY' | 'pt-BR' {
  return locale.startsWith('es') ? 'es-PY' : 'pt-BR';
}

/** A formatter for many dates of one page ('7/12/26, 8:05 a. m.' in Spanish, '07/12/2026, 08:05' in Portuguese). */
export function createStoreDateFormat(locale: string, style: StoreDateStyle = 'dateTime'): (date: Date | string) => string {
  const format = new Intl.DateTimeFormat(toDateLocale(locale), { ...OPTIONS[style], timeZone: STORE_TIME_ZONE });
  return (date) => format.format(typeof date === 'string' ? new Date(date) : date);
}

import { STORE_TIME_ZONE } from './dates.ts';
import type { Locale } from './locale.ts';
import { toDecimalText } from './money.ts';

/**
 * CSV for spreadsheets in the staff member's locale (RFC 4180 quoting, CRLF, UTF-8 with BOM so
 * Excel reads accents). Brazilian, Paraguayan and Argentine Excel split on `;` and read `,` as
 * the decimal mark, so every locale of the shop writes `;` and decimal commas; times are the
 * store's (America/Asuncion), as staff read them in the panel.
 */
const SPREADSHEET: Record<Locale, { separator: string; decimalMark: string }> = {
  'pt-BR': { separator: ';', decimalMark: ',' },
  'es-PY': { separator: ';', decimalMark: ',' },
  'es-AR': { separator: ';', decimalMark: ',' },
};

/**
 * A formula character (= + - @) where a spreadsheet could start a cell: at the start of the
 * text, or after anything a spreadsheet may split on (`,` `;` tab, a line break, a quote), past
 * spaces. OWASP's CSV injection advice: prefix it with `'` so it is read as text. A cell is
 * neutralised for every split, not only the one this file uses: Excel set to another separator
 * splits inside a quoted cell of ours.
 */
const FORMULA_START = /(^|[,;\t\r\n"])( *)([=+\-@])/g;

export function toCsvCell(value: string | number | null | undefined, separator = ';'): string {
  let text = value === null || value === undefined ? '' : String(value);
  text = text.replace(FORMULA_START, "$1$2'$3");
  if (/^[\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n\t]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[], locale: Locale): string {
  const { separator } = SPREADSHEET[locale];
  return `\uFEFF${rows.map((row) => row.map((cell) => toCsvCell(cell, separator)).join(separator)).join('\r\n')}\r\n`;
}

/** An amount in minor units as the locale's spreadsheet reads a number: `1234,50`, `730000`. */
export function toCsvAmount(minor: number, decimals: number, locale: Locale): string {
  return toDecimalText(minor, decimals).replace('.', SPREADSHEET[locale].decimalMark);
}

const STORE_CLOCK = new Intl.DateTimeFormat('en-CA', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment as the store's local date and time, `2026-12-07 01:26`, which spreadsheets read as a date. */
export function toCsvTime(at: Date | null | undefined): string {
  if (!at) return '';
  const parts = Object.fromEntries(STORE_CLOCK.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

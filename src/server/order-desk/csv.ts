/**
 * CSV as spreadsheets read it (RFC 4180, CRLF, UTF-8 with BOM for Excel). A cell a spreadsheet
 * would run as a formula (= + - @, tab, CR at its start: CSV injection, OWASP) is prefixed with
 * an apostrophe, so a buyer's name such as "=HYPERLINK(...)" stays text.
 */
export function toCsvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(toCsvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

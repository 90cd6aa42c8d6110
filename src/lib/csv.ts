/**
 * CSV for spreadsheets (RFC 4180, CRLF, UTF-8 with BOM so Excel reads accents). A cell starting
 * with = + - @ (or a tab or CR) is prefixed with ' so no spreadsheet runs it as a formula
 * (OWASP: CSV injection).
 */
export function toCsvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(toCsvCell).join(',')).join('\r\n')}\r\n`;
}

import { expect } from 'vitest';

/**
 * A spreadsheet splits a CSV on `;` or on `,` depending on its settings: however it splits, no
 * cell may start with a formula character (= + - @), past spaces and quotes.
 */
export function expectNoFormulaCell(csv: string): void {
  for (const separator of [';', ',']) {
    for (const cell of csv.split(/\r\n/).flatMap((line) => line.split(separator))) {
      expect(cell.replace(/^[\s"]+/, ''), `${cell} (split on ${separator})`).not.toMatch(/^[=+\-@]/);
    }
  }
}

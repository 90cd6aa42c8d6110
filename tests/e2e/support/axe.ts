import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Impacts that fail a page (issue 19: moderate findings too, not only serious and critical). */
const FAILING = new Set(['moderate', 'serious', 'critical']);

/** Runs axe on the page as it is and fails on any finding of moderate impact or higher. */
export async function expectNoAxeFindings(page: Page, label = page.url()): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const found = result.violations
    .filter((violation) => FAILING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${label}: ${violation.id} (${violation.impact}) ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
  expect(found).toEqual([]);
}

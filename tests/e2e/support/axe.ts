import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Impacts that fail a page (issue 19: moderate findings too, not only serious and critical). */
const FAILING = new Set(['moderate', 'serious', 'critical']);

/**
 * Runs axe on the page as it is and fails on any finding of moderate impact or higher.
 * Every rule axe enables by default runs (issue 19 commits to best-practice ones such as unique
 * landmarks too). Two things only make it cheaper (decision 1360): legacy mode runs `axe.run` in
 * the page itself instead of collecting partial results per frame and finishing them in a blank
 * page the builder opens for each call (the shop's pages have no iframes, so the findings are the
 * same), and `resultTypes` keeps every node of the violations but only one node of the passes
 * (axe's own option for large pages), instead of shipping all ~2,000 passing nodes back.
 */
export async function expectNoAxeFindings(page: Page, label = page.url()): Promise<void> {
  const result = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
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

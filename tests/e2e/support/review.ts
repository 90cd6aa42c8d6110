import { test, type Locator, type Page } from '@playwright/test';

/**
 * A screenshot for a person to look at, not an assertion: taken only with `E2E_SCREENSHOTS=1`,
 * into the test's output folder. CI runs leave them out: about 37 full-page screenshots that
 * nobody opened cost CPU on every run (decision 1360).
 */
export async function screenshotForReview(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  const path = test.info().outputPath(name);
  if ('goto' in target) await target.screenshot({ path, fullPage: options.fullPage });
  else await target.screenshot({ path });
}

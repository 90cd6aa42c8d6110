import { defineConfig } from '@playwright/test';
import shopConfig from '../../playwright.config.ts';
import { BR_HOST, ES_HOST } from './production-stack.ts';

/**
 * The production rehearsal (issue 31): one walk through nginx over https, in Chromium with the
 * storefront host names mapped to this machine and the certificate made at test time accepted.
 * `npm test` runs it after the other suites (scripts/test.mjs); alone:
 * `npx playwright test -c tests/rehearsal/playwright.config.ts`.
 */
const launchOptions = shopConfig.use?.launchOptions ?? {};

export default defineConfig({
  testDir: '.',
  // Its own output folder: npm test runs it beside the browser suite, whose start empties test-results/.
  outputDir: '../../test-results/rehearsal',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  workers: 1,
  retries: 0,
  timeout: 300_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    ignoreHTTPSErrors: true,
    trace: 'retain-on-failure',
    viewport: { width: 1366, height: 768 },
    launchOptions: {
      ...launchOptions,
      args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${BR_HOST} 127.0.0.1, MAP ${ES_HOST} 127.0.0.1`],
    },
  },
});

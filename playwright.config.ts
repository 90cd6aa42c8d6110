import { defineConfig } from '@playwright/test';
import { useThisWorkersStack } from './tests/e2e/support/global-setup.ts';

// Workers load this file too: each one points the specs at its own database and shop.
useThisWorkersStack();

/**
 * Debian's Chromium headless shell (npx playwright install cannot download here), with the network
 * kept quiet. The shell is the headless-only build Playwright itself runs by default: the same
 * Blink and V8 as the full browser for half the CPU of `chromium --headless` (decision 1370).
 */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/**
 * A phone's Chrome: with this User-Agent Chromium also sends `Sec-CH-UA-Mobile: ?1`, as real
 * phones do, so the server gives the mobile page size (docs/decisions/0110).
 */
const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/**
 * Whole spec files of flows with no layout difference run in one project (decision 0995): the
 * same pages and steps on both viewports, so the second run found nothing the first did not.
 * Single tests of one layout carry a tag instead (@phone, @desktop).
 */
const PHONE_ONLY_FILES = [
  'accounts-session-expiry.spec.ts', // server sessions and the stores they clear
  'checkout-payment.spec.ts', // the sandbox gateway's page (the order's PDFs: order-documents, both)
  'account-result-buttons.spec.ts', // colours of the result pages' buttons (one column at any width)
  'account-file-field.spec.ts', // the document picker's preview and refusals
  'accounts-addresses.spec.ts', // the address form and the checkout's address modal
  'registration-language.spec.ts', // the registration form's language switch
  'uploads-pdf.spec.ts', // a refused upload's reason
];
/** The panel's flows: the same forms and tables at any width; its phone menu has specs of its own (@phone). */
const DESKTOP_ONLY_FILES = [
  'staff-panel.spec.ts',
  'order-desk.spec.ts',
  'order-desk-manual-refund.spec.ts',
  'partial-refund.spec.ts',
  'desk-customers-timeline.spec.ts',
  'day-zero.spec.ts', // a store set up in the panel (both languages in one run) and its first sale
];

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0, // a flaky test is a bug to fix, never to retry
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  // No trace by default: recording one for every test (to keep the failed ones) cost about a fifth
  // of the suite's CPU (decision 1360). A failure still leaves its screenshot and error context;
  // to see its trace, run the spec again with `--trace retain-on-failure`.
  use: { launchOptions: chromium, trace: 'off', screenshot: 'only-on-failure' },
  // Tests of one layout only carry a tag; the other viewport's project leaves them out.
  projects: [
    {
      name: 'mobile',
      grepInvert: /@desktop/,
      testIgnore: DESKTOP_ONLY_FILES,
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, userAgent: PHONE_USER_AGENT },
    },
    { name: 'desktop', grepInvert: /@phone/, testIgnore: PHONE_ONLY_FILES, use: { viewport: { width: 1366, height: 768 } } },
  ],
});

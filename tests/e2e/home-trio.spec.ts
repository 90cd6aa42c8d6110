import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { storefrontUrl } from './support/hosts.ts';

/**
 * Storefront spec section 4, mobile banner trio: rotates every 4 s after a 3 s start delay;
 * a swipe changes the slide only when it moves over 50 px in under 500 ms; paused while
 * touching; a press counts as a click only under 200 ms. Time is the page's fake clock, so the
 * durations are exact; touches are real touch events sent through the DevTools protocol.
 */
// Phone layout only (desktop shows a row of three): every test is tagged @phone, which the
// desktop project leaves out (playwright.config.ts).

interface Trio {
  cdp: CDPSession;
  count: number;
  /** Touch point in the middle of the trio. */
  x: number;
  y: number;
}

async function openHome(page: Page): Promise<Trio> {
  await page.clock.install({ time: new Date('2026-01-05T12:00:00Z') });
  await page.clock.pauseAt(new Date('2026-01-05T12:00:01Z')); // no time passes unless the test says
  await page.goto(storefrontUrl('br', '/'));
  const trio = page.locator('[data-trio]');
  await expect(trio).toHaveAttribute('data-index', '0');
  await trio.scrollIntoViewIfNeeded();
  const box = await trio.boundingBox();
  if (!box) throw new Error('trio not laid out');
  // Record what the trio decided about clicks, and keep the page here.
  await page.evaluate(() => {
    const clicks: boolean[] = [];
    (window as unknown as { trioClicks: boolean[] }).trioClicks = clicks;
    document.addEventListener('click', (event) => {
      if (!(event.target as Element).closest('[data-trio]')) return;
      clicks.push(!event.defaultPrevented);
      event.preventDefault();
    });
  });
  return {
    cdp: await page.context().newCDPSession(page),
    count: await trio.locator('[data-tile]').count(),
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  };
}

const index = (page: Page) => page.locator('[data-trio]').getAttribute('data-index').then(Number);
/** Which tile the shopper sees (and would touch) in the middle of the trio; -1 for none. */
const tileAtCentre = (page: Page, trio: Trio) =>
  page.evaluate(
    ({ x, y }) => {
      const tile = document.elementFromPoint(x, y)?.closest('[data-tile]');
      return tile?.parentElement ? [...tile.parentElement.children].indexOf(tile) : -1;
    },
    { x: trio.x, y: trio.y },
  );
const clicks = (page: Page) => page.evaluate(() => (window as unknown as { trioClicks: boolean[] }).trioClicks);

/**
 * One touch event. Touch listeners are passive, so the protocol call returns before the page
 * has handled it: a short real wait (the page's clock stays paused) lets it land first.
 */
async function touch(page: Page, trio: Trio, type: 'touchStart' | 'touchMove' | 'touchEnd', x = trio.x): Promise<void> {
  await trio.cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y: trio.y }] });
  await page.waitForTimeout(40);
}

/** A horizontal touch gesture of `dx` px lasting `ms` on the page's clock. */
async function swipe(page: Page, trio: Trio, dx: number, ms: number): Promise<void> {
  await touch(page, trio, 'touchStart');
  for (const step of [1, 2]) {
    await page.clock.runFor(ms / 2);
    await touch(page, trio, 'touchMove', trio.x + (dx * step) / 2);
  }
  await touch(page, trio, 'touchEnd');
}

/** A press without movement lasting `ms` on the page's clock. */
async function press(page: Page, trio: Trio, ms: number): Promise<void> {
  await touch(page, trio, 'touchStart');
  await page.clock.runFor(ms);
  await touch(page, trio, 'touchEnd');
}

test('starts after 3 s, then rotates every 4 s and wraps around', { tag: '@phone' }, async ({ page }) => {
  const trio = await openHome(page);
  expect(trio.count).toBe(3);
  await page.clock.runFor(2_900);
  expect(await index(page)).toBe(0);
  await page.clock.runFor(200); // 3.1 s
  expect(await index(page)).toBe(1);
  // The slide that moved in is the one on screen (it once slid out of its own clip: blank).
  await expect.poll(() => tileAtCentre(page, trio)).toBe(1);
  await page.clock.runFor(3_800); // 6.9 s
  expect(await index(page)).toBe(1);
  await page.clock.runFor(200); // 7.1 s
  expect(await index(page)).toBe(2);
  await page.clock.runFor(4_000); // 11.1 s
  expect(await index(page)).toBe(0);
});

test('a swipe changes the slide only over 50 px and under 500 ms', { tag: '@phone' }, async ({ page }) => {
  const trio = await openHome(page);
  await swipe(page, trio, -80, 300);
  expect(await index(page)).toBe(1);
  await swipe(page, trio, 80, 300);
  expect(await index(page)).toBe(0);
  await swipe(page, trio, 80, 300); // backwards from the first wraps to the last
  expect(await index(page)).toBe(2);
  await expect.poll(() => tileAtCentre(page, trio)).toBe(2);
  await swipe(page, trio, -40, 300); // too short
  expect(await index(page)).toBe(2);
  await swipe(page, trio, -80, 600); // too slow
  expect(await index(page)).toBe(2);
  expect(await clicks(page)).not.toContain(true); // no swipe opened a banner
});

test('rotation pauses while a finger is down and resumes 4 s after it lifts', { tag: '@phone' }, async ({ page }) => {
  const trio = await openHome(page);
  await touch(page, trio, 'touchStart');
  await page.clock.runFor(10_000);
  expect(await index(page)).toBe(0);
  await touch(page, trio, 'touchEnd');
  await page.clock.runFor(3_900);
  expect(await index(page)).toBe(0);
  await page.clock.runFor(200);
  expect(await index(page)).toBe(1);
});

test('a press opens the banner only when it lasts under 200 ms', { tag: '@phone' }, async ({ page }) => {
  const trio = await openHome(page);
  await press(page, trio, 100);
  await expect.poll(() => clicks(page)).toEqual([true]);
  await press(page, trio, 300);
  await expect.poll(() => clicks(page)).toEqual([true, false]);
});

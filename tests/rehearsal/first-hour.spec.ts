import { expect, test } from '@playwright/test';
import type { ProductionStack } from './production-stack.ts';

const stack: Omit<ProductionStack, 'stop'> = JSON.parse(process.env.REHEARSAL ?? '{}');

test('a store goes live: its first hour through nginx over https, in both languages', async ({ page }) => {
  for (const origin of [stack.brOrigin, stack.esOrigin]) {
    const response = await page.goto(origin);
    expect(response?.status()).toBe(200);
  }
});

import { expect, test } from '@playwright/test';
import { storefrontUrl } from './support/hosts.ts';

// Storefront spec, home sections: 'location' shows the store's address, hours (the demo store's
// details, issue 33 point 3) and a map link that needs no JavaScript.
const TEXT = {
  br: { title: 'Onde estamos', hours: 'Horário de atendimento', storeHours: 'Seg. a sáb., 7h às 18h', map: 'Ver no mapa' },
  es: { title: 'Dónde estamos', hours: 'Horario de atención', storeHours: 'Lun. a sáb., 7 a 18 h', map: 'Ver en el mapa' },
};

for (const host of ['br', 'es'] as const) {
  test(`${host}: the home's location section works without JavaScript`, async ({ browser }, info) => {
    const context = await browser.newContext({ ...info.project.use, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(storefrontUrl(host, '/'));
    const section = page.getByRole('region', { name: TEXT[host].title });
    await expect(section).toBeVisible();
    await expect(section.locator('address')).toContainText('Av. San Blas, 1200, Ciudad del Este');
    await expect(section.getByRole('heading', { name: TEXT[host].hours })).toBeVisible();
    await expect(section.getByText(TEXT[host].storeHours)).toBeVisible();
    const map = section.getByRole('link', { name: TEXT[host].map });
    const href = new URL((await map.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe('https://www.google.com/maps/search/');
    expect(href.searchParams.get('api')).toBe('1');
    expect(href.searchParams.get('query')).toContain('Av. San Blas, 1200, Ciudad del Este');
    await context.close();
  });
}

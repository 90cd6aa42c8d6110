import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brazilianRegistration, createTestCustomer, sameOrigin, signIn } from '../support/accounts.ts';
import { api, apiJson, getTestDb, useOwnStack, type ErrorAnswer, getRunStack } from '../support/api.ts';
import { gifPixelBomb, pdfBombs, pngPixelBomb } from '../support/bombs.ts';
import { startShopProcess, type ShopProcess } from '../support/shop-process.ts';

/**
 * Issue 29, point 5: every decoder has a budget. Bombs of each kind, generated here, sent
 * anonymously with a registration (the attack that took a shop to 3.4 GB): each is refused with
 * the too-complex message, the shop keeps answering and its memory stays under 400 MB. Runs on a
 * shop process of its own, so the memory read is that of the process that decoded the bombs.
 */
const RSS_LIMIT_BYTES = 400 * 1024 * 1024;
const TOO_COMPLEX = {
  br: 'Este arquivo é grande demais para ser conferido depois de descompactado (imagem com mais de 40 megapixels ou PDF muito pesado). Envie uma foto ou um PDF menor do documento.',
  es: 'Este archivo es demasiado grande para revisarlo una vez descomprimido (imagen de más de 40 megapíxeles o PDF muy pesado). Envía una foto o un PDF más liviano del documento.',
};

let shop: ShopProcess;

beforeAll(async () => {
  shop = await startShopProcess(getRunStack().databaseUrl);
  useOwnStack({ baseUrl: `http://127.0.0.1:${shop.port}`, port: shop.port, databaseUrl: getRunStack().databaseUrl });
}, 120_000);

afterAll(async () => {
  await shop?.stop();
});

async function readRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) * 1024;
}

const bombs = (): [string, Blob][] => [
  ...Object.entries(pdfBombs()).map(([name, bytes]): [string, Blob] => [
    name,
    new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }),
  ]),
  ['PNG of 20,000 x 20,000 pixels', new Blob([new Uint8Array(pngPixelBomb(20_000, 20_000))], { type: 'image/png' })],
  ['GIF of 65,535 x 65,535 pixels', new Blob([new Uint8Array(gifPixelBomb())], { type: 'image/gif' })],
];

async function registerWith(bomb: Blob, host: 'br' | 'es') {
  const form = await brazilianRegistration({ frente: bomb });
  const answer = await apiJson<ErrorAnswer & { errors: Record<string, string[]> }>('/ecom/cliente/cadastrar', {
    method: 'POST',
    host,
    body: form,
    headers: sameOrigin(host),
  });
  const { rows } = await getTestDb().query('SELECT 1 FROM customers WHERE email = $1', [String(form.get('email'))]);
  return { status: answer.status, errors: answer.body.errors, saved: rows.length > 0 };
}

describe('decompression bombs sent with a registration', () => {
  it('each kind is refused as too complex, in the language of the host, and nothing is saved', async () => {
    for (const [index, [name, bomb]] of bombs().entries()) {
      const host = index % 2 ? 'es' : 'br';
      expect({ name, ...(await registerWith(bomb, host)) }).toEqual({
        name,
        status: 422,
        errors: { frente: [TOO_COMPLEX[host]] },
        saved: false,
      });
    }
    expect(shop.isRunning()).toBe(true);
  }, 120_000);

  it('all of them at once, twice over: refused, the shop answers the next shopper, memory under 400 MB', async () => {
    const before = await readRss(shop.pid);
    const burst = [...bombs(), ...bombs()];
    const answers = await Promise.all(burst.map(([, bomb]) => registerWith(bomb, 'br')));
    expect(answers.map((answer) => answer.status)).toEqual(burst.map(() => 422));
    expect((await api('/api/public/products?per_page=1')).status).toBe(200);
    expect(shop.isRunning()).toBe(true);
    const rss = await readRss(shop.pid);
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    console.info(`[bombs] shop RSS ${mb(before)} before and ${mb(rss)} right after ${burst.length} concurrent bombs`);
    // Memory comes back: read until the shop's collector has run, if it had not yet.
    await expect.poll(() => readRss(shop.pid), { timeout: 10_000, interval: 250 }).toBeLessThan(RSS_LIMIT_BYTES);
  }, 180_000);
});

describe('upload routes are rate limited', () => {
  it('the profile form (which takes identity documents) answers 429 past 20 sends an hour for one customer', async () => {
    const customer = await createTestCustomer();
    const token = await signIn(customer);
    const send = () => {
      const form = new FormData();
      form.set('telefone', '45 99876-5432');
      form.set('documento_tipo', 'CPF');
      form.set('documento', '11144477735');
      return apiJson<ErrorAnswer>('/ecom/cliente/update-profile', { method: 'POST', token, body: form, headers: sameOrigin() });
    };
    for (let i = 0; i < 20; i++) expect((await send()).status).toBe(200);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Muitas tentativas. Aguarde um pouco e tente novamente.');
  });
});

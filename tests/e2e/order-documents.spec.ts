// Issue 35 point 5, as a border buyer meets it on a phone and on a desktop, in both languages: a
// paid pickup order's page shows where and until when to collect it, and the receipt and ticket
// PDFs download, parsed here, with the store's address and hours (the demo store's details),
// the map link, the deadline, and the buyer's document to bring.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { extractPdfText } from '../support/pdf-text.ts';
import { storefrontUrl } from './support/hosts.ts';
import { createBuyer, createCartFor, getDeliveryToken, signIn, startCheckoutRequest } from './support/checkout.ts';

const documents = [
  {
    host: 'es' as const,
    foreign: 0 as const,
    currencyId: 3,
    approve: 'Aprobar',
    receipt: 'Descargar comprobante',
    done: '¡Pago Concluido!',
    ticket: 'Descargar ticket (PDF)',
    print: 'Imprimir ticket',
    address: 'Av. San Blas, 1200, Ciudad del Este, Paraguay',
    hours: 'Horario de atención: Lun. a sáb., 7 a 18 h',
    map: 'Ver en el mapa',
    until: 'Retira hasta el',
    document: /RUC\s?80012345-6/,
  },
  {
    host: 'br' as const,
    foreign: 1 as const,
    currencyId: 2,
    approve: 'Aprovar',
    receipt: 'Baixar comprovante',
    done: 'Pagamento Concluído!',
    ticket: 'Baixar ticket (PDF)',
    print: 'Imprimir ticket',
    address: 'Av. San Blas, 1200, Ciudad del Este, Paraguai',
    hours: 'Horário de atendimento: Seg. a sáb., 7h às 18h',
    map: 'Ver no mapa',
    until: 'Retire até',
    document: /CPF\s?(529\.982\.247-25|52998224725)/,
  },
];

async function readPdfText(path: string): Promise<string> {
  const pdf = await readFile(path);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return extractPdfText(pdf);
}

for (const doc of documents) {
  test(`${doc.host}: a paid pickup order's page, receipt and ticket say where, until when and what to bring`, async ({ page, context }) => {
    const buyer = await createBuyer(doc.foreign);
    await signIn(context, doc.host, buyer.token);
    const cart = await createCartFor(buyer.id, doc.currencyId);
    const quote = { currencyId: doc.currencyId, type: 'pickup' as const, serviceId: null, priceMinor: 0 };
    const link = await startCheckoutRequest(page, doc.host, cart.externalId, {
      token_entrega: getDeliveryToken(cart.externalId, quote),
      valor_frete: 0,
      forma_pagamento: 'card',
      parcelas: 1,
    });
    await page.goto(link);
    const number = (await page.getByRole('heading', { level: 1 }).textContent())?.match(/\d+/)?.[0] ?? '';
    expect(number).not.toBe('');
    await page.getByRole('button', { name: doc.approve }).click();
    await expect(page.getByTestId('pickup-code')).toBeVisible();
    await page.getByRole('link', { name: doc.receipt }).click();
    await expect(page.getByRole('heading', { name: doc.done })).toBeVisible();
    const [receipt] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-receipt').click()]);
    expect(await readPdfText(await receipt.path())).toContain(number);

    await page.goto(storefrontUrl(doc.host, '/pedidos'));
    await page.getByTestId('order-row').first().click();
    // The order page: the pickup place with its address, hours and map link, and the deadline.
    const place = page.getByTestId('order-pickup-place');
    await expect(place).toContainText(doc.address);
    await expect(place).toContainText(doc.hours);
    await expect(place.getByRole('link', { name: doc.map })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\//);
    await expect(page.getByTestId('order-pickup-until')).toHaveText(/\d/);

    const [ticket] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: doc.ticket }).click()]);
    const ticketText = await readPdfText(await ticket.path());
    for (const part of [number, doc.address, doc.hours, doc.map, doc.until]) expect(ticketText).toContain(part);
    expect(ticketText).toMatch(doc.document); // the document to bring (createBuyer's)
    // The print view: the code, its barcode and QR, and a print button.
    await page.getByRole('link', { name: doc.print }).click();
    await expect(page.getByTestId('ticket-code')).toHaveText(/^[346789A-Z]{8}$/);
    await expect(page.locator('.barcode svg')).toBeVisible();
    await expect(page.locator('.qr svg')).toBeVisible();
    await expect(page.getByRole('button', { name: doc.print })).toBeVisible();
  });
}

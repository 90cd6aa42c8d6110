import { expect, test, type Page } from '@playwright/test';
import { addAddress, createBuyer, createCartFor, getDeliveryToken, signIn, startCheckoutRequest } from './support/checkout.ts';
import { getTestDb, storefrontUrl, type Host } from './support/hosts.ts';
import { openStaffContext } from './support/staff-session.ts';
import { screenshotForReview } from './support/review.ts';
import { waitForMail } from '../support/mail.ts';
import { readPdfPages } from '../support/pdf.ts';

/** A buyer who paid through the sandbox page: a Paraguayan delivery, or a store pickup on either host. */
async function payOrder(page: Page, context: Parameters<typeof signIn>[0], host: Host, delivery: boolean) {
  const buyer = await createBuyer(host === 'br' ? 1 : 0);
  await signIn(context, host, buyer.token);
  const currencyId = host === 'br' ? 2 : 3;
  const cart = await createCartFor(buyer.id, currencyId);
  const quote = delivery
    ? { currencyId, type: 'delivery' as const, serviceId: 7, priceMinor: 25_000 }
    : { currencyId, type: 'pickup' as const, serviceId: null, priceMinor: 0 };
  const link = await startCheckoutRequest(page, host, cart.externalId, {
    token_entrega: getDeliveryToken(cart.externalId, quote),
    valor_frete: quote.priceMinor,
    entrega_servico_id: quote.serviceId,
    cliente_endereco_id: delivery ? await addAddress(buyer.id) : null,
    forma_pagamento: 'card',
    parcelas: 1,
  });
  await page.goto(link);
  await page.getByRole('button', { name: host === 'br' ? 'Aprovar' : 'Aprobar' }).click();
  // The sandbox's notification settles the order (a home delivery shows no pickup code to the
  // shopper, but the desk can still find it by its code): wait for PAGO in the database.
  await expect
    .poll(
      async () =>
        (await getTestDb().query<{ status: string }>('SELECT status FROM orders WHERE customer_id = $1', [buyer.id])).rows[0]?.status,
      { timeout: 30_000 },
    )
    .toBe('PAGO');
  const { rows } = await getTestDb().query<{ number: string; external_id: string; pickup_code: string }>(
    'SELECT number, external_id, pickup_code FROM orders WHERE customer_id = $1',
    [buyer.id],
  );
  return { number: Number(rows[0]!.number), externalId: rows[0]!.external_id, code: rows[0]!.pickup_code, email: buyer.email };
}

const panels = [
  {
    locale: 'es-PY' as const,
    host: 'es' as const,
    ship: 'Marcar como enviado',
    shipped: 'Pedido marcado como enviado.',
    status: 'Enviado',
    find: 'Buscar',
    handOver: 'Entregar al comprador',
    handedOver: 'Pedido entregado al comprador.',
    wrong: 'no corresponde a ningún pedido',
    tracking: 'Nota de seguimiento (opcional)',
    codeLabel: 'Código de retiro',
    retirado: 'Retirado en la tienda',
    filter: 'Filtrar',
    printSlips: 'Remitos de preparación',
    slipOf: 'Remito de preparación del pedido',
  },
  {
    locale: 'pt-BR' as const,
    host: 'br' as const,
    ship: 'Marcar como enviado',
    shipped: 'Pedido marcado como enviado.',
    status: 'Enviado',
    find: 'Buscar',
    handOver: 'Entregar ao comprador',
    handedOver: 'Pedido entregue ao comprador.',
    wrong: 'não corresponde a nenhum pedido',
    tracking: 'Nota de rastreamento (opcional)',
    codeLabel: 'Código de retirada',
    retirado: 'Retirado na loja',
    filter: 'Filtrar',
    printSlips: 'Romaneios',
    slipOf: 'Romaneio do pedido',
  },
];

// Each journey pays through the sandbox page, then works in a second (staff) browser context.
test.describe.configure({ timeout: 150_000 });

for (const panel of panels) {
  test(`an admin finds a paid order by its pickup code and ships it (${panel.locale})`, async ({ page, context, browser }) => {
    const order = await payOrder(page, context, 'es', true);
    const staff = await openStaffContext(browser, panel.host, 'admin', panel.locale);
    const desk = await staff.newPage();
    await desk.goto(storefrontUrl(panel.host, '/painel/pedidos'));
    await desk.getByTestId('desk-search').fill(order.code.toLowerCase());
    await desk.getByRole('button', { name: panel.filter }).click();
    await expect(desk.getByTestId('desk-orders').locator('tbody tr')).toHaveCount(1);
    await screenshotForReview(desk, `desk-list-${panel.locale}.png`, { fullPage: true });
    // Print its packing slip: check the order, ask for the slips (a form GET, a new tab), read the PDF.
    await desk.getByRole('checkbox', { name: new RegExp(String(order.number)) }).check();
    const [tab, slipRequest] = await Promise.all([
      staff.waitForEvent('page'),
      staff.waitForEvent('request', (request) => request.url().includes('/painel/pedidos/impressao.pdf?')),
      desk.getByRole('button', { name: panel.printSlips }).click(),
    ]);
    expect(new URL(slipRequest.url()).searchParams.getAll('pedido')).toEqual([String(order.number)]);
    // The tab opens the PDF (a viewer in a browser, a download in the headless shell the suite runs);
    // the same address fetched by the desk page (same cookies) is the document.
    const slip = await desk.evaluate(async (address) => {
      const response = await fetch(address);
      return { type: response.headers.get('content-type'), bytes: [...new Uint8Array(await response.arrayBuffer())] };
    }, slipRequest.url());
    expect(slip.type).toBe('application/pdf');
    const [slipPage] = await readPdfPages(new Uint8Array(slip.bytes));
    expect(slipPage!.text).toContain(`${panel.slipOf} ${order.number}`);
    await tab.close();
    await desk.getByRole('link', { name: String(order.number), exact: true }).click();
    await desk.getByLabel(panel.tracking).fill('Correo AX-123');
    await desk.getByRole('button', { name: panel.ship }).click();
    await expect(desk.getByTestId('desk-outcome')).toHaveText(panel.shipped);
    await expect(desk.getByTestId('desk-order-status')).toHaveText(panel.status);
    await expect(desk.getByTestId('desk-tracking')).toHaveText('Correo AX-123');
    await screenshotForReview(desk, `desk-order-${panel.locale}.png`, { fullPage: true });
    await staff.close();
    // The shopper reads the tracking note on their order page and in the shipped e-mail (issue 34 point 4).
    await page.goto(storefrontUrl('es', `/pedido/${order.externalId}`));
    await expect(page.getByTestId('order-tracking')).toContainText('Correo AX-123');
    const mail = await waitForMail(process.env.TEST_DATA_DIR ?? '', order.email, (m) => /enviado/.test(m.subject));
    expect(mail.text).toContain('Correo AX-123');
  });

  test(`a counter user types a ticket's code and hands the order over (${panel.locale})`, async ({ page, context, browser }) => {
    const order = await payOrder(page, context, panel.host, false);
    const staff = await openStaffContext(browser, panel.host, 'counter', panel.locale);
    const counter = await staff.newPage();
    await counter.goto(storefrontUrl(panel.host, '/painel/balcao'));
    await counter.getByLabel(panel.codeLabel).fill('XXXX-XXXX');
    await counter.getByRole('button', { name: panel.find, exact: true }).click();
    await expect(counter.getByTestId('counter-error')).toContainText(panel.wrong);
    await counter.getByLabel(panel.codeLabel).fill(order.code);
    await counter.getByRole('button', { name: panel.find, exact: true }).click();
    await expect(counter.getByTestId('counter-buyer')).toHaveText('Ana Compradora');
    await expect(counter.getByTestId('counter-document')).toHaveText(panel.host === 'br' ? 'CPF 52998224725' : 'RUC 80012345-6');
    await screenshotForReview(counter, `counter-${panel.locale}.png`, { fullPage: true });
    await counter.getByRole('button', { name: panel.handOver }).click();
    await expect(counter.getByTestId('counter-outcome')).toHaveText(panel.handedOver);
    await staff.close();
    // the shopper's order page says so, in the shopper's language
    await page.goto(storefrontUrl(panel.host, `/pedido/${order.externalId}`));
    await expect(page.getByTestId('order-status')).toHaveText(panel.retirado);
  });
}

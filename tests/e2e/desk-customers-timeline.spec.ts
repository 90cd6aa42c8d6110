import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createBuyer, createCartFor, getDeliveryToken, signIn, startCheckoutRequest } from './support/checkout.ts';
import { getTestDb, storefrontUrl } from './support/hosts.ts';
import { openStaffContext } from './support/staff-session.ts';

/**
 * Issue 34 points 1 and 2 in the panel's two languages (phone and desktop projects): staff find a
 * customer by name, open their order from the customer's page, add a note to the order's
 * timeline and send its e-mail again. The rules are tested in tests/api/desk-customers-timeline.test.ts.
 */
async function createOrderWithMailSent(page: Parameters<typeof startCheckoutRequest>[0], context: Parameters<typeof signIn>[0]) {
  const buyer = await createBuyer(0);
  const surname = `Timeline${randomBytes(4).toString('hex')}`;
  await getTestDb().query('UPDATE customers SET last_name = $2 WHERE id = $1', [buyer.id, surname]);
  await signIn(context, 'es', buyer.token);
  const cart = await createCartFor(buyer.id, 3);
  const quote = { currencyId: 3, type: 'pickup' as const, serviceId: null, priceMinor: 0 };
  await startCheckoutRequest(page, 'es', cart.externalId, {
    token_entrega: getDeliveryToken(cart.externalId, quote),
    valor_frete: 0,
    entrega_servico_id: null,
    cliente_endereco_id: null,
    forma_pagamento: 'qr',
    parcelas: 1,
  });
  const sentMails = async () =>
    (
      await getTestDb().query<{ n: number }>(
        'SELECT count(*)::int AS n FROM order_mail_log m JOIN orders o ON o.id = m.order_id WHERE o.customer_id = $1',
        [buyer.id],
      )
    ).rows[0]!.n;
  await expect.poll(sentMails, { timeout: 15_000 }).toBe(1);
  const { rows } = await getTestDb().query<{ number: string }>('SELECT number FROM orders WHERE customer_id = $1', [buyer.id]);
  return { surname, number: Number(rows[0]!.number), sentMails };
}

const panels = [
  {
    locale: 'es-PY' as const,
    host: 'es' as const,
    search: 'Nombre, correo o documento',
    filter: 'Filtrar',
    order: 'Pedido n.º',
    note: 'Nota interna (solo la ve el equipo)',
    addNote: 'Agregar nota',
    noteDone: 'Nota agregada.',
    resend: 'Enviar de nuevo: pedido creado',
    resent: 'Correo puesto en la cola de envío.',
  },
  {
    locale: 'pt-BR' as const,
    host: 'br' as const,
    search: 'Nome, e-mail ou documento',
    filter: 'Filtrar',
    order: 'Pedido nº',
    note: 'Nota interna (só a equipe vê)',
    addNote: 'Adicionar nota',
    noteDone: 'Nota adicionada.',
    resend: 'Enviar de novo: pedido criado',
    resent: 'E-mail colocado na fila de envio.',
  },
];

for (const panel of panels) {
  test(`staff find a customer, open their order, add a note and resend its e-mail (${panel.locale})`, async ({
    page,
    context,
    browser,
  }) => {
    const { surname, number, sentMails } = await createOrderWithMailSent(page, context);
    const staff = await openStaffContext(browser, panel.host, 'admin', panel.locale);
    const desk = await staff.newPage();
    await desk.goto(storefrontUrl(panel.host, '/painel/clientes'));
    await desk.getByLabel(panel.search).fill(surname);
    await desk.getByRole('button', { name: panel.filter }).click();
    await desk.getByRole('link', { name: `Ana ${surname}` }).click();
    await desk.getByRole('link', { name: `${panel.order} ${number}` }).click();
    await expect(desk).toHaveURL(new RegExp(`/painel/pedidos/${number}`));

    await desk.getByLabel(panel.note).fill('Llamar antes de entregar');
    await desk.getByRole('button', { name: panel.addNote }).click();
    await expect(desk.getByTestId('desk-outcome')).toHaveText(panel.noteDone);
    await expect(desk.getByTestId('desk-timeline')).toContainText('Llamar antes de entregar');

    await desk.getByRole('button', { name: panel.resend }).click();
    await expect(desk.getByTestId('desk-outcome')).toHaveText(panel.resent);
    await expect.poll(sentMails, { timeout: 15_000 }).toBe(2);
    await staff.close();
  });
}

import { expect, test } from '@playwright/test';
import { createBuyer, createCartFor, getDeliveryToken, signIn, startCheckoutRequest } from './support/checkout.ts';
import { getTestDb, storefrontUrl } from './support/hosts.ts';
import { openStaffContext } from './support/staff-session.ts';

/**
 * Issue 32 point 4: a refund the gateway cannot make (a Pagopar method it does not reverse; the
 * gateway side is tests/api/pagopar-refunds.test.ts) is recorded by an admin on the order page,
 * in the panel's language. The order is put in that state in the database: the sandbox gateway
 * of the browser stack reverses everything.
 */
async function createRefundOwedByHand(page: Parameters<typeof startCheckoutRequest>[0], context: Parameters<typeof signIn>[0]) {
  const buyer = await createBuyer(0);
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
  const { rows } = await getTestDb().query<{ id: string; number: string }>(
    `UPDATE orders SET status = 'ESTORNADO' WHERE customer_id = $1 RETURNING id, number`,
    [buyer.id],
  );
  await getTestDb().query(
    `UPDATE payments SET status = 'PAGO', paid_at = now(), refund_state = 'MANUAL', staff_notice = 'noticeRefundManual' WHERE order_id = $1`,
    [rows[0]!.id],
  );
  return Number(rows[0]!.number);
}

const panels = [
  {
    locale: 'es-PY' as const,
    host: 'es' as const,
    notice: 'El proveedor no devuelve pagos de esta forma o de esta fecha',
    how: 'Cómo se devolvió el monto (transferencia, efectivo…)',
    submit: 'Registrar devolución',
    done: 'Devolución registrada; el comprador fue avisado por correo.',
    by: 'Devuelto por: Transferencia Itaú',
  },
  {
    locale: 'pt-BR' as const,
    host: 'br' as const,
    notice: 'O provedor não devolve pagamentos desta forma ou desta data',
    how: 'Como o valor foi devolvido (transferência, dinheiro…)',
    submit: 'Registrar devolução',
    done: 'Devolução registrada; o comprador foi avisado por e-mail.',
    by: 'Devolvido por: Transferencia Itaú',
  },
];

for (const panel of panels) {
  test(`an admin records a refund given back by hand (${panel.locale})`, async ({ page, context, browser }) => {
    const number = await createRefundOwedByHand(page, context);
    const staff = await openStaffContext(browser, panel.host, 'admin', panel.locale);
    const desk = await staff.newPage();
    await desk.goto(storefrontUrl(panel.host, `/painel/pedidos/${number}`));
    await expect(desk.getByTestId('desk-payment-notice')).toContainText(panel.notice);
    await desk.getByLabel(panel.how).fill('Transferencia Itaú');
    await desk.getByRole('button', { name: panel.submit }).click();
    await expect(desk.getByTestId('desk-outcome')).toHaveText(panel.done);
    await expect(desk.getByTestId('desk-refund-method')).toHaveText(panel.by);
    await expect(desk.getByTestId('desk-payment-notice')).toHaveCount(0);
    await expect(desk.getByTestId('desk-manual-refund')).toHaveCount(0);
    await staff.close();
  });
}

import { defineMessages } from './translator.ts';

/** Hoarding caps of checkout (issue 22 point 2): what one unpaid customer may reserve. */
export const checkoutLimitMessages = defineMessages({
  'pt-BR': {
    capReached: 'Este pedido passa do limite de reserva da loja.',
    unitsPerProductCap:
      'Cada pedido pode reservar no máximo {n} unidades de um mesmo produto ({name}: {q} no carrinho). Reduza a quantidade para continuar.',
    unpaidValueCap:
      'Um pedido aguardando pagamento pode reservar no máximo {amount} em produtos. Divida a compra em pedidos menores e pague cada um antes do próximo.',
  },
  'es-PY': {
    capReached: 'Este pedido supera el límite de reserva de la tienda.',
    unitsPerProductCap:
      'Cada pedido puede reservar como máximo {n} unidades de un mismo producto ({name}: {q} en el carrito). Reduce la cantidad para continuar.',
    unpaidValueCap:
      'Un pedido pendiente de pago puede reservar como máximo {amount} en productos. Divide la compra en pedidos más pequeños y paga cada uno antes del siguiente.',
  },
});

import { defineMessages } from './translator.ts';

/** E-mails about an order: to the shopper at each step, and the store's new-paid-order notice. */
export const orderMailMessages = defineMessages({
  'pt-BR': {
    createdSubject: 'Pedido nº {number} recebido: aguardando pagamento',
    createdBody:
      'Olá, {name}.\n\nRecebemos seu pedido nº {number} no valor de {total}. Produtos reservados até: {expires}\n\nPara pagar, abra o link abaixo:\n{payLink}\n\nAcompanhe o pedido em:\n{orderLink}',
    paidSubject: 'Pagamento confirmado: pedido nº {number}',
    paidBody:
      'Olá, {name}.\n\nO pagamento do pedido nº {number} ({total}) foi confirmado.\n\nCódigo de retirada: {code}\n\nO ticket de retirada vai anexo em PDF: apresente-o na loja (impresso ou no celular) junto com seu documento de identidade.\n\nDetalhes do pedido:\n{orderLink}',
    paidDeliveryBody:
      'Olá, {name}.\n\nO pagamento do pedido nº {number} ({total}) foi confirmado. Avisaremos quando o pedido for enviado.\n\nO comprovante vai anexo em PDF.\n\nDetalhes do pedido:\n{orderLink}',
    shippedSubject: 'Pedido nº {number} enviado',
    shippedBody: 'Olá, {name}.\n\nSeu pedido nº {number} foi enviado.{tracking}\n\nDetalhes do pedido:\n{orderLink}',
    shippedTracking: '\n\nRastreamento: {note}',
    cancelledSubject: 'Pedido nº {number} cancelado',
    cancelledExpiredBody:
      'Olá, {name}.\n\nSeu pedido nº {number} ({total}) foi cancelado porque o pagamento não chegou antes do fim da reserva dos produtos. Nada foi cobrado.\n\nSe ainda quiser os produtos, faça um novo pedido:\n{shopLink}',
    cancelledByStoreBody:
      'Olá, {name}.\n\nA loja cancelou seu pedido nº {number} ({total}) antes do pagamento. Motivo: {reason}\n\nNada foi cobrado.\n\nDetalhes do pedido:\n{orderLink}',
    pickedUpSubject: 'Pedido nº {number} retirado',
    pickedUpBody: 'Olá, {name}.\n\nSeu pedido nº {number} foi retirado na loja. Obrigado pela compra!\n\nDetalhes do pedido:\n{orderLink}',
    partlyRefundedSubject: 'Devolução de parte do pedido nº {number}',
    partlyRefundedBody:
      'Olá, {name}.\n\nDevolvemos {refunded} do pedido nº {number} ({total}), pelos itens:\n{items}\n\nO prazo para o valor aparecer depende do meio de pagamento. O restante do pedido segue normalmente.\n\nDetalhes do pedido:\n{orderLink}',
    refundedSubject: 'Pedido nº {number} estornado',
    refundedBody:
      'Olá, {name}.\n\nO pagamento do pedido nº {number} ({total}) foi estornado. O prazo para o valor aparecer depende do meio de pagamento.\n\nDetalhes do pedido:\n{orderLink}',
    storePaidSubject: 'Novo pedido pago nº {number}',
    storePaidBody:
      'Pedido nº {number} pago\nData do pagamento: {paidAt}\n\nComprador: {buyer} <{email}>\nDocumento: {document}\nTotal: {total}\nEntrega: {delivery}\n{handOver}\n\nItens:\n{items}\n\nNo painel:\n{panelLink}',
    storePickupCode: 'Código de retirada: {code}',
    storeDeliveryAddress: 'Endereço de entrega:\n{address}',
    deliveryPickup: 'retirada na loja',
    deliveryHome: 'entrega no endereço',
    ticketFile: 'ticket-pedido-{number}.pdf',
    receiptFile: 'comprovante-pedido-{number}.pdf',
  },
  'es-PY': {
    createdSubject: 'Pedido n.º {number} recibido: esperando el pago',
    createdBody:
      'Hola, {name}.\n\nRecibimos tu pedido n.º {number} por {total}. Productos reservados hasta: {expires}\n\nPara pagar, abre el enlace de abajo:\n{payLink}\n\nSigue el pedido en:\n{orderLink}',
    paidSubject: 'Pago confirmado: pedido n.º {number}',
    paidBody:
      'Hola, {name}.\n\nEl pago del pedido n.º {number} ({total}) fue confirmado.\n\nCódigo de retiro: {code}\n\nEl ticket de retiro va adjunto en PDF: preséntalo en la tienda (impreso o en el celular) junto con tu documento de identidad.\n\nDetalles del pedido:\n{orderLink}',
    paidDeliveryBody:
      'Hola, {name}.\n\nEl pago del pedido n.º {number} ({total}) fue confirmado. Te avisaremos cuando el pedido sea enviado.\n\nEl comprobante va adjunto en PDF.\n\nDetalles del pedido:\n{orderLink}',
    shippedSubject: 'Pedido n.º {number} enviado',
    shippedBody: 'Hola, {name}.\n\nTu pedido n.º {number} fue enviado.{tracking}\n\nDetalles del pedido:\n{orderLink}',
    shippedTracking: '\n\nSeguimiento: {note}',
    cancelledSubject: 'Pedido n.º {number} cancelado',
    cancelledExpiredBody:
      'Hola, {name}.\n\nTu pedido n.º {number} ({total}) fue cancelado porque el pago no llegó antes del fin de la reserva de los productos. No se cobró nada.\n\nSi todavía quieres los productos, haz un nuevo pedido:\n{shopLink}',
    cancelledByStoreBody:
      'Hola, {name}.\n\nLa tienda canceló tu pedido n.º {number} ({total}) antes del pago. Motivo: {reason}\n\nNo se cobró nada.\n\nDetalles del pedido:\n{orderLink}',
    pickedUpSubject: 'Pedido n.º {number} retirado',
    pickedUpBody:
      'Hola, {name}.\n\nTu pedido n.º {number} fue retirado en la tienda. ¡Gracias por tu compra!\n\nDetalles del pedido:\n{orderLink}',
    partlyRefundedSubject: 'Reembolso de parte del pedido n.º {number}',
    partlyRefundedBody:
      'Hola, {name}.\n\nTe devolvimos {refunded} del pedido n.º {number} ({total}), por los artículos:\n{items}\n\nEl plazo para ver el importe depende del medio de pago. El resto del pedido sigue normalmente.\n\nDetalles del pedido:\n{orderLink}',
    refundedSubject: 'Pedido n.º {number} reembolsado',
    refundedBody:
      'Hola, {name}.\n\nEl pago del pedido n.º {number} ({total}) fue reembolsado. El plazo para ver el importe depende del medio de pago.\n\nDetalles del pedido:\n{orderLink}',
    storePaidSubject: 'Nuevo pedido pagado n.º {number}',
    storePaidBody:
      'Pedido n.º {number} pagado\nFecha del pago: {paidAt}\n\nComprador: {buyer} <{email}>\nDocumento: {document}\nTotal: {total}\nEntrega: {delivery}\n{handOver}\n\nArtículos:\n{items}\n\nEn el panel:\n{panelLink}',
    storePickupCode: 'Código de retiro: {code}',
    storeDeliveryAddress: 'Dirección de entrega:\n{address}',
    deliveryPickup: 'retiro en la tienda',
    deliveryHome: 'envío al domicilio',
    ticketFile: 'ticket-pedido-{number}.pdf',
    receiptFile: 'comprobante-pedido-{number}.pdf',
  },
});

export type OrderMailMessageKey = keyof (typeof orderMailMessages)['pt-BR'];

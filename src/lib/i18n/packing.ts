import { buyersPanelMessages } from './buyers-panel.ts';
import { cartMessages } from './cart.ts';
import { panelHomeMessages } from './panel-home.ts';
import * as sharedPanel from './shared-panel.ts';
import * as sharedPages from './shared-pages.ts';
import { defineMessages } from './translator.ts';

/** Packing slips and pick lists printed from the order desk (issue 34 point 3). */
export const packingMessages = defineMessages({
  'pt-BR': {
    packingSlip: 'Romaneio',
    packingSlipOf: 'Romaneio do pedido {number}',
    pickList: 'Lista de separação',
    pickListOrders: 'Pedidos desta lista: {numbers}',
    printedAt: 'Impresso em {date}',
    deliverTo: 'Entregar a',
    staffNotes: buyersPanelMessages['pt-BR'].notesTitle,
    colCode: sharedPages.code.pt,
    colProduct: panelHomeMessages['pt-BR'].product,
    colQuantity: cartMessages['pt-BR'].quantity,
    colOrders: sharedPanel.orders.pt,
    colPicked: 'Separado',
    unitsTotal: 'Total: {n} unidades em {lines} linhas',
    printPackingSlip: 'Imprimir romaneio (PDF)',
    printSelected: 'Imprimir os pedidos marcados',
    printSlips: 'Romaneios',
    selectOrder: 'Marcar o pedido {number}',
    noneSelected: 'Marque ao menos um pedido da lista para imprimir.',
  },
  'es-PY': {
    packingSlip: 'Remito de preparación',
    packingSlipOf: 'Remito de preparación del pedido {number}',
    pickList: 'Lista de preparación',
    pickListOrders: 'Pedidos de esta lista: {numbers}',
    printedAt: 'Impreso el {date}',
    deliverTo: 'Entregar a',
    staffNotes: buyersPanelMessages['es-PY'].notesTitle,
    colCode: sharedPages.code.es,
    colProduct: panelHomeMessages['es-PY'].product,
    colQuantity: cartMessages['es-PY'].quantity,
    colOrders: sharedPanel.orders.es,
    colPicked: 'Preparado',
    unitsTotal: 'Total: {n} unidades en {lines} líneas',
    printPackingSlip: 'Imprimir remito de preparación (PDF)',
    printSelected: 'Imprimir los pedidos marcados',
    printSlips: 'Remitos de preparación',
    selectOrder: 'Marcar el pedido {number}',
    noneSelected: 'Marca al menos un pedido de la lista para imprimir.',
  },
});

export type PackingMessageKey = keyof (typeof packingMessages)['pt-BR'];
